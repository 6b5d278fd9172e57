import { routeWithReason } from '@cwh/domain';
import { reportError } from '../../lib/error-reporter';
import { updateSession } from '../session/session-store';
import { fetchRosterCheckedIn, segmentCheckIn } from './checkin-api';
import { startRosterReload } from './checkin-polls';
import { checkInRefusalReason, segmentCheckInErrorRoute } from './checkin-rules';
import { getCheckIns, updateCheckIns } from './checkin-store';

export interface SegmentCheckInRequest {
  segmentId: string;
  rosterId: string;
  /** The five chosen (non-qualifier); a monthly qualifier sends none. */
  playerTags?: readonly string[];
  isChinese: boolean;
}

export interface SegmentCheckInDeps {
  checkIn: typeof segmentCheckIn;
  fetchCheckedIn: typeof fetchRosterCheckedIn;
  /** Goes to the refusal's error page (with `?reason=` when the server named why). */
  navigate: (route: string) => void;
  report: (error: unknown) => void;
}

let stopReload: (() => void) | null = null;

/**
 * Tournament Check In (spec 4/8): one call at a time; a refusal is logged and routed to its page;
 * after success the roster is reloaded every 2 s until it says checkedIn, then success shows.
 */
export async function submitSegmentCheckIn(
  request: SegmentCheckInRequest,
  deps: Partial<SegmentCheckInDeps> & Pick<SegmentCheckInDeps, 'navigate'>,
): Promise<boolean> {
  if (getCheckIns().segmentPhase !== 'idle') return false;
  const report = deps.report ?? ((error: unknown) => void reportError(error, { checkins: 'segment' }));
  updateCheckIns({ segmentPhase: 'submitting' });
  try {
    await (deps.checkIn ?? segmentCheckIn)(request.segmentId, request.playerTags);
  } catch (error) {
    report(error);
    updateCheckIns({ segmentPhase: 'idle', segmentModalOpen: false });
    deps.navigate(
      routeWithReason(segmentCheckInErrorRoute(error, request.isChinese), checkInRefusalReason(error)),
    );
    return false;
  }
  updateCheckIns({ segmentPhase: 'waiting' });
  stopReload?.();
  stopReload = startRosterReload(request.rosterId, {
    fetchCheckedIn: deps.fetchCheckedIn ?? fetchRosterCheckedIn,
    report,
    onCheckedIn: () => {
      stopReload = null;
      updateCheckIns({ segmentPhase: 'done', checkedIn: true });
      updateSession({ isCheckedIn: true });
    },
  });
  return true;
}

/** Closes the modal; a reload still running goes on only if the check-in is not confirmed yet. */
export function closeSegmentCheckIn(): void {
  const { segmentPhase } = getCheckIns();
  updateCheckIns({ segmentModalOpen: false, segmentPhase: segmentPhase === 'done' ? 'idle' : segmentPhase });
}

/** Leaving the team, or a new session: no reload keeps running. */
export function stopSegmentCheckIn(): void {
  stopReload?.();
  stopReload = null;
  updateCheckIns({ segmentPhase: 'idle', segmentModalOpen: false });
}

import { type ErrorRoute, joinQueueErrorRoute } from '@cwh/domain';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';
import { joinQueue, leaveQueue } from './ladder-api';
import { getQueueState, setQueueStatus, updateQueue } from './queue-store';
import { recheckQueue } from './queue-sync';

/** Spec 8 join refusals: 23 clan in war, 25 upcoming match, 28 already played, 26 match limit, else derived. */
export function joinErrorRoute(error: unknown): ErrorRoute {
  if (!(error instanceof ApiError)) return joinQueueErrorRoute({ kind: 'http', status: 0 });
  const first = error.errors[0];
  return joinQueueErrorRoute({
    kind: 'http',
    status: error.status,
    code: first?.code ?? null,
    detail: first?.detail ?? first?.title ?? null,
  });
}

/** Find Match in the select-five modal: join with the five tags; a refusal routes to its error page. */
export async function findMatch(
  tags: readonly string[],
  navigate: (route: ErrorRoute) => void,
): Promise<boolean> {
  const { rosterId, busy } = getQueueState();
  if (!rosterId || busy) return false;
  updateQueue({ busy: true, joining: true });
  try {
    await joinQueue(rosterId, tags);
    // A match-up found (and maybe accepted) before this response arrived keeps its status.
    const status = getQueueState().status === 'accepted' ? 'accepted' : 'inQueue';
    updateQueue({ busy: false, joining: false, selectOpen: false, status, joinedAt: Date.now() });
    // The join answers the entry alone: the status check adds what the queue screen tells (the
    // rematch wait after a decline or an expiry).
    void recheckQueue(rosterId, null);
    return true;
  } catch (error) {
    void reportError(error, { ladder: 'join queue' });
    updateQueue({ busy: false, joining: false, selectOpen: false, status: 'none' });
    navigate(joinErrorRoute(error));
    return false;
  }
}

export async function leave(): Promise<void> {
  const { rosterId, busy } = getQueueState();
  if (!rosterId || busy) return;
  updateQueue({ busy: true });
  try {
    await leaveQueue(rosterId);
  } catch (error) {
    void reportError(error, { ladder: 'leave queue' });
  } finally {
    updateQueue({ busy: false });
    setQueueStatus('none');
  }
}

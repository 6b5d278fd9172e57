import {
  type ErrorRoute,
  errorPageRoute,
  routeWithReason,
  SAVE_SELECTED_PLAYERS_ERROR_ROUTE,
  toMillis,
} from '@cwh/domain';
import { createWarLink } from '../war/war-api';
import {
  checkClan,
  checkSelectedPlayers,
  fetchCheckInUserIds,
  type MatchCheckInAnswer,
  matchCheckIn,
  saveSelectedPlayers,
} from './checkin-api';
import {
  checkInRefusalReason,
  isMatchTimePassed,
  matchCheckInErrorRoute,
  type PromptMode,
  verifyPlayersErrorRoute,
} from './checkin-rules';

export interface MatchCheckInRequest {
  seriesId: string;
  userId: string;
  clanTag: string | null;
  mode: PromptMode;
  /** The five picked (qualifier and select-five modes); ignored in a monthly final. */
  playerTags: readonly string[];
  isChinese: boolean;
}

export type MatchCheckInOutcome =
  /** Another START WAR was still running: this tap is ignored. */
  | { kind: 'ignored' }
  /** The user is already among the series' check-ins: nothing happens. */
  | { kind: 'alreadyCheckedIn' }
  | { kind: 'opened'; link: string }
  /** Checked in; no link yet: the war opens once the opponent has checked in too. */
  | { kind: 'checkedIn' }
  | { kind: 'failed'; route: ErrorRoute; missed: boolean };

export interface MatchCheckInDeps {
  fetchSeries: (id: string) => Promise<{ date: string }>;
  fetchCheckInUserIds: (seriesId: string) => Promise<string[]>;
  matchCheckIn: (seriesId: string, playerTags?: readonly string[]) => Promise<MatchCheckInAnswer>;
  /** POST /create-war: the war link once both sides are in (idempotent). */
  createWarLink: (seriesId: string) => Promise<string>;
  checkClan: () => Promise<void>;
  saveSelectedPlayers: (clanTag: string, playerTags: readonly string[]) => Promise<void>;
  checkSelectedPlayers: () => Promise<void>;
  openLink: (link: string) => void;
  /** Goes to an error page (with `?reason=` when the server named why). */
  navigate: (route: string) => void;
  report: (error: unknown) => void;
  setLoading: (loading: boolean) => void;
  isLoading: () => boolean;
  /** The own team missed the window (passed match time). */
  onMissed: (seriesId: string) => void;
  now: () => number;
}

export const DEFAULT_CHECK_IN_CALLS = {
  fetchCheckInUserIds,
  createWarLink,
  matchCheckIn,
  checkClan,
  saveSelectedPlayers,
  checkSelectedPlayers,
} satisfies Partial<MatchCheckInDeps>;

/** A failure that already knows its error page (the step it came from decided). */
class RoutedFailure extends Error {
  constructor(
    readonly route: ErrorRoute,
    override readonly cause: unknown,
  ) {
    super(String(route));
  }
}

async function step<T>(run: () => Promise<T>, route: (error: unknown) => ErrorRoute): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new RoutedFailure(route(error), error);
  }
}

/**
 * START WAR of the match check-in prompt (spec 4 check-in flow): one at a time; the series: after
 * its time no check-in (/error/8 and the missed notice); a user already among the check-ins stops
 * quietly (or, once the opponent is in too, opens the war's link); otherwise save and verify the
 * five players (other stages) or check the clan (qualifier, final), then the war service checks in
 * and its deep link is opened (null until both sides are in). Failures route per
 * spec 8 and are logged; the loading flag is always cleared.
 */
export async function runMatchCheckIn(
  request: MatchCheckInRequest,
  deps: MatchCheckInDeps,
): Promise<MatchCheckInOutcome> {
  if (deps.isLoading()) return { kind: 'ignored' };
  deps.setLoading(true);
  const open = (link: string): MatchCheckInOutcome => {
    deps.openLink(link);
    return { kind: 'opened', link };
  };
  const passed = (): MatchCheckInOutcome => {
    deps.onMissed(request.seriesId);
    deps.navigate(errorPageRoute(8));
    return { kind: 'failed', route: errorPageRoute(8), missed: true };
  };
  try {
    const series = await deps.fetchSeries(request.seriesId);
    if (deps.now() > toMillis(series.date)) {
      deps.report(new Error(`Match check-in after the match time (${request.seriesId})`));
      return passed();
    }
    const checkedIn = await deps.fetchCheckInUserIds(request.seriesId);
    if (checkedIn.includes(request.userId)) {
      // No second check-in. While the opponent is missing that is all; once both sides are in, the
      // war service's link opens the war (the war starts when both captains tapped START WAR).
      if (new Set(checkedIn).size < 2) return { kind: 'alreadyCheckedIn' };
      return open(await deps.createWarLink(request.seriesId));
    }
    // Before a check-in (not before re-opening the war: once it exists the clan is in that war).
    if (request.mode === 'selectFive') {
      const clanTag = request.clanTag ?? '';
      await step(
        () => deps.saveSelectedPlayers(clanTag, request.playerTags),
        () => SAVE_SELECTED_PLAYERS_ERROR_ROUTE,
      );
      await step(deps.checkSelectedPlayers, (error) => verifyPlayersErrorRoute(error, request.isChinese));
    } else {
      await step(deps.checkClan, (error) => matchCheckInErrorRoute(error, request.isChinese));
    }
    const answer = await deps.matchCheckIn(
      request.seriesId,
      request.mode === 'qualifier' ? request.playerTags : undefined,
    );
    if (answer.alreadyCheckedIn) return { kind: 'alreadyCheckedIn' };
    if (!answer.link) return { kind: 'checkedIn' };
    return open(answer.link);
  } catch (failure) {
    const error = failure instanceof RoutedFailure ? failure.cause : failure;
    deps.report(error);
    if (isMatchTimePassed(error)) return passed();
    const route =
      failure instanceof RoutedFailure ? failure.route : matchCheckInErrorRoute(error, request.isChinese);
    deps.navigate(routeWithReason(route, checkInRefusalReason(error)));
    return { kind: 'failed', route, missed: false };
  } finally {
    deps.setLoading(false);
  }
}

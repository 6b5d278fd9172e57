import type { SegmentResource } from '@cwh/contract';
import {
  checkInErrorPage,
  checkInFailureRoute,
  type ErrorRoute,
  errorPageRoute,
  errorRouteFor,
  isAltWarMode,
  isErrorPageCode,
  MATCH_TIME_PASSED_MESSAGE,
  type RefusalReason,
  rangeContains,
  refusalReason,
  toMillis,
} from '@cwh/domain';
import { ApiError } from '../../lib/api-client';
import type { MatchSeriesValue } from '../matches/match-series-api';

type SegmentView = Pick<SegmentResource['attributes'], 'stageCode' | 'configuration' | 'eliminationType'>;

/**
 * What the match check-in prompt asks for (spec 2): a monthly qualifier lists the roster to pick
 * from, a monthly final asks only for START WAR, other stages ask for five players first.
 */
export type PromptMode = 'qualifier' | 'final' | 'selectFive';

export function promptMode(segment: SegmentView | null | undefined): PromptMode {
  if (segment?.configuration.phase === 'MONTHLY_QUALIFIERS' || segment?.stageCode === 'MQ')
    return 'qualifier';
  if (segment?.stageCode === 'MF') return 'final';
  return 'selectFive';
}

/** The segment check-in modal: a monthly qualifier is one confirm, others choose five players. */
export function segmentCheckInChoosesPlayers(segment: SegmentView): boolean {
  return promptMode(segment) !== 'qualifier';
}

/**
 * The stage segment a captain checks in to (Tournament Check In): a non-ladder child of the team's
 * stage whose check-ins are enabled and whose open window contains now; the earliest if several.
 */
export function tournamentCheckInSegment(
  children: readonly SegmentResource[],
  now: Date | number,
): SegmentResource | null {
  const open = children.filter(({ attributes }) => {
    // A segment read from an older answer (or a partial test fixture) may lack the config: no check-in.
    const config = attributes.segmentCheckinsConfig as
      | SegmentResource['attributes']['segmentCheckinsConfig']
      | undefined;
    if (!config?.enabled || !config.openWindow) return false;
    return attributes.eliminationType !== 'ladder' && rangeContains(config.openWindow, now);
  });
  open.sort((a, b) => toMillis(a.attributes.date.from) - toMillis(b.attributes.date.from));
  return open[0] ?? null;
}

export interface CaptainContext {
  isCaptain: boolean;
  rosterLocked: boolean;
}

/** Tournament Check In: the captain of a locked roster, not checked in yet, with a window open. */
export function showTournamentCheckIn(
  context: CaptainContext & { checkedIn: boolean | null; segment: { id: string } | null },
): boolean {
  return context.isCaptain && context.rosterLocked && context.checkedIn === false && context.segment != null;
}

/** Who missed a match check-in, read off a finished series: forfeit loss (FFL), forfeit win (FFW). */
export type MissedBy = 'own' | 'opponent';

export function missedCheckIns(series: MatchSeriesValue, rosterId: string): MissedBy[] {
  if (series.state !== 'finished') return [];
  const own = series.competitors.find((competitor) => competitor.roster?.id === rosterId);
  if (!own) return [];
  const opponent = series.competitors.find((competitor) => competitor !== own);
  const missed: MissedBy[] = [];
  if (own.result.forfeit) missed.push('own');
  if (opponent?.result.forfeit) missed.push('opponent');
  return missed;
}

/** The server refused a match check-in because the match time had passed (code 8). */
export function isMatchTimePassed(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.errors.some(
    (entry) =>
      entry.code === '8' ||
      entry.code === 'MATCH_TIME_PASSED' ||
      [entry.title, entry.detail].some((text) => text?.includes(MATCH_TIME_PASSED_MESSAGE)),
  );
}

function firstHint(error: unknown): {
  status: number;
  code: string | null;
  detail: string | null;
  altMode: boolean;
} {
  if (!(error instanceof ApiError)) return { status: 0, code: null, detail: null, altMode: false };
  const first = error.errors[0];
  return {
    status: error.status,
    code: first?.code ?? null,
    detail: first?.detail ?? first?.title ?? null,
    // A friendly war routes CLAN_IS_IN_WAR to 14 and OPPONENT_IS_IN_WAR to 20 (isAltWarMode).
    altMode: isAltWarMode(first?.meta),
  };
}

/** The check-in refusal's own page (checkInErrorPage), or one that names its page by number. */
function numberedRoute(code: string | null, isChinese = false, altMode = false): ErrorRoute | null {
  if (code == null) return null;
  const page = checkInErrorPage(code, { isChinaRegion: isChinese, altMode });
  if (page != null) return errorPageRoute(page);
  const number = /^\d+$/.test(code) ? Number(code) : null;
  return isErrorPageCode(number) ? errorPageRoute(number) : null;
}

/**
 * Spec 8 check-in failure: the mapped route when known, else 403 → 21 (China) / 22, anything else
 * → 12 (China) / 13; a passed match time → 8.
 */
export function matchCheckInErrorRoute(error: unknown, isChinese: boolean): ErrorRoute {
  if (isMatchTimePassed(error)) return errorPageRoute(8);
  const { status, code, detail, altMode } = firstHint(error);
  return (
    numberedRoute(code, isChinese, altMode) ??
    checkInFailureRoute(status, { code, detail }, { isChinaRegion: isChinese, altMode })
  );
}

/** Verifying the selected players failed: the route mapped from the error. */
export function verifyPlayersErrorRoute(error: unknown, isChinese: boolean): ErrorRoute {
  const { status, code, detail, altMode } = firstHint(error);
  return (
    numberedRoute(code, isChinese, altMode) ??
    errorRouteFor(status, { code, detail }, { isChinaRegion: isChinese, altMode, genericFallback: true }) ??
    '/error'
  );
}

/**
 * Segment check-in refused (spec 8: logged, derived route): the page the refusal names or maps to,
 * else "Tournament Check-In failed" in the region's variant (9 community chat, 10 China).
 */
export function segmentCheckInErrorRoute(error: unknown, isChinese: boolean): ErrorRoute {
  const { status, code, detail, altMode } = firstHint(error);
  return (
    numberedRoute(code, isChinese, altMode) ??
    errorRouteFor(status, { code, detail }, { isChinaRegion: isChinese, altMode, teamCodes: true }) ??
    errorPageRoute(isChinese ? 10 : 9)
  );
}

/** Why the server refused (issue 31: the error page names it): its meta.reason or code, when known. */
export function checkInRefusalReason(error: unknown): RefusalReason | null {
  return error instanceof ApiError ? refusalReason(error.errors[0]) : null;
}

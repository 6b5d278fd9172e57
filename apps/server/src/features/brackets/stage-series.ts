import type {
  DoubleEliminationBracket,
  DoubleEliminationState,
  SwissBye,
  SwissResult,
  SwissRoundOutput,
} from '@cwh/domain';
import {
  CompetitionError,
  type CompetitionErrorCode,
  WORLD_FINALS,
  winnerOfPlacements,
  worldFinalsMatchDates,
} from '@cwh/domain';
import { DomainError } from '../../errors/domain-error.js';
import type { NewStageSeries, StageCompetitorRow, StageSeriesRow } from './brackets-repository.js';

/** Minutes between two bracket matches when the organizer gives no schedule. */
export const BRACKET_MATCH_SPACING_MINUTES = 60;
/** A new swiss round starts this long after the organizer starts it (time to check in). */
export const SWISS_ROUND_LEAD_MINUTES = 15;

const COMPETITION_ERROR_STATUS: Record<CompetitionErrorCode, 'CONFLICT' | 'VALIDATION_FAILED'> = {
  SWISS_STAGE_COMPLETE: 'CONFLICT',
  SWISS_NO_BYE_CANDIDATE: 'CONFLICT',
  INVALID_COMPETITION_INPUT: 'VALIDATION_FAILED',
  BRACKET_SIZE_UNSUPPORTED: 'VALIDATION_FAILED',
  BRACKET_MATCH_NOT_READY: 'CONFLICT',
  BRACKET_INVALID_WINNER: 'VALIDATION_FAILED',
  BRACKET_RESULT_LOCKED: 'CONFLICT',
};

/** Engine refusals become JSON:API errors; the engine's code travels in `meta.reason`. */
export function toDomainError(error: unknown): unknown {
  if (!(error instanceof CompetitionError)) return error;
  return new DomainError(COMPETITION_ERROR_STATUS[error.code], error.message, {
    meta: { reason: error.code },
  });
}

export function conflict(reason: string, detail: string): DomainError {
  return new DomainError('CONFLICT', detail, { meta: { reason } });
}

/** The series of one swiss round: one per table, plus a finished bye series when the field is odd. */
export function swissRoundSeries(round: SwissRoundOutput, date: Date): NewStageSeries[] {
  const series: NewStageSeries[] = round.pairings.map((p) => ({
    nodeId: `R${round.roundNumber}-T${p.table}`,
    roundNumber: round.roundNumber,
    bracketNumber: 1,
    number: p.table,
    date,
    state: 'scheduled',
    bye: false,
    bracket: null,
    group: p.pool,
    rosterIds: [p.homeRosterId, p.awayRosterId],
  }));
  if (round.byeRosterId) {
    series.push({
      nodeId: `R${round.roundNumber}-BYE`,
      roundNumber: round.roundNumber,
      bracketNumber: 1,
      number: round.pairings.length + 1,
      date,
      state: 'finished',
      bye: true,
      bracket: null,
      group: null,
      rosterIds: [round.byeRosterId, null],
    });
  }
  return series;
}

const BRACKET_NUMBER = { upper: 1, lower: 2, final: 3 } as const;

/**
 * Match dates: an 8-team bracket follows the World Finals days (spec 9: matches 1-6, 7-12, 13-15
 * on three days from `startsAt`, day 3 an hour later, spec 3); other sizes play one match every BRACKET_MATCH_SPACING_MINUTES.
 */
function bracketDates(bracket: DoubleEliminationBracket, startsAt: Date): Map<string, Date> {
  const spacing = BRACKET_MATCH_SPACING_MINUTES * 60_000;
  const start = startsAt.getTime();
  if (bracket.teams.length === WORLD_FINALS.teams) {
    // Day 3 starts an hour later than days 1 and 2 (spec 3): the domain knows each day's start.
    return new Map(
      worldFinalsMatchDates(bracket, startsAt, BRACKET_MATCH_SPACING_MINUTES).map((s) => [s.matchId, s.date]),
    );
  }
  return new Map(bracket.nodes.map((n) => [n.id, new Date(start + (n.number - 1) * spacing)]));
}

/** Every node of a new bracket; byes, void matches and (never at creation) the cancelled reset finish at once. */
export function bracketSeries(
  bracket: DoubleEliminationBracket,
  state: DoubleEliminationState,
  startsAt: Date,
): NewStageSeries[] {
  const dates = bracketDates(bracket, startsAt);
  return state.matches.map((match) => {
    const closed = match.status === 'bye' || match.status === 'void' || match.status === 'cancelled';
    return {
      nodeId: match.id,
      roundNumber: match.round,
      bracketNumber: BRACKET_NUMBER[match.section],
      number: match.number,
      date: dates.get(match.id)!,
      state: closed ? 'finished' : 'scheduled',
      bye: match.status === 'bye' || match.status === 'void',
      bracket: match.section === 'final' ? null : match.section,
      group: match.section,
      rosterIds: [match.homeRosterId, match.awayRosterId],
    };
  });
}

/**
 * Swiss games and byes from the stage's finished series. Placement 1 marks the winner (both 1 on a
 * true draw, both 2 on a double forfeit); the score is the stars, and the stored destruction (0 when
 * the result gave none) feeds the destruction-difference tiebreak.
 */
export function swissHistory(
  rows: readonly { series: StageSeriesRow; link: { roundNumber: number } }[],
  competitors: readonly StageCompetitorRow[],
): { results: SwissResult[]; byes: SwissBye[] } {
  const bySeries = new Map<string, StageCompetitorRow[]>();
  for (const c of competitors) bySeries.set(c.matchSeriesId, [...(bySeries.get(c.matchSeriesId) ?? []), c]);
  const results: SwissResult[] = [];
  const byes: SwissBye[] = [];
  for (const { series, link } of rows) {
    const [home, away] = (bySeries.get(series.id) ?? []).sort((a, b) => a.position - b.position);
    if (series.bye) {
      if (home?.rosterId) byes.push({ roundNumber: link.roundNumber, rosterId: home.rosterId });
      continue;
    }
    if (series.state !== 'finished' || !home?.rosterId || !away?.rosterId) continue;
    results.push({
      roundNumber: link.roundNumber,
      homeRosterId: home.rosterId,
      awayRosterId: away.rosterId,
      // Both placed 2 is a double forfeit ('none': a loss for both).
      outcome: winnerOfPlacements(home.placement, away.placement),
      homeStars: home.score ?? 0,
      awayStars: away.score ?? 0,
      homeDestruction: home.destruction ?? 0,
      awayDestruction: away.destruction ?? 0,
    });
  }
  return { results, byes };
}

import {
  computeSwissStandings,
  DEFAULT_SWISS_TIEBREAKS,
  resolveDoubleElimination,
  SWISS_RECORDS_PAGE_SIZE,
  swissMaxRounds,
} from '@cwh/domain';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds, type PageRequest } from '../../http/jsonapi.js';
import { rosterDisplayName } from '../ladder/ladder-mappers.js';
import { createAdvanceRepository } from './advance-repository.js';
import type { StageRow } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { swissHistory } from './stage-series.js';

async function stageOf(deps: BracketsDeps, tenant: string, segmentId: string): Promise<StageRow> {
  const segment = await deps.repo.getSegment(tenant, segmentId);
  const stage = await deps.repo.stageOfSegment(segment.id);
  if (!stage) throw new DomainError('NOT_FOUND', 'This segment has no bracket yet');
  return stage;
}

/** Swiss history of a stage and how many rounds are fully played. */
export async function swissState(deps: BracketsDeps, stage: StageRow) {
  const rounds = await deps.repo.rounds(stage.id);
  const rows = await deps.repo.allStageSeries(stage.id);
  const competitors = await deps.repo.competitorsOf(rows.map((row) => row.series.id));
  const open = new Set(
    rows.filter((row) => row.series.state !== 'finished').map((row) => row.link.roundNumber),
  );
  const finishedRounds = rounds.filter((round) => !open.has(round.roundNumber)).length;
  return { rounds, finishedRounds, ...swissHistory(rows, competitors) };
}

/** Swiss standings after the finished rounds, and whether the stage is over. */
export async function swissStandingsOf(deps: BracketsDeps, stage: StageRow) {
  const config = stage.swissConfig!;
  const { rounds, finishedRounds, results, byes } = await swissState(deps, stage);
  const standings = computeSwissStandings(stage.teams, results, byes, config, finishedRounds);
  const active = standings.filter((s) => s.status === 'active').length;
  const complete =
    finishedRounds === rounds.length && (rounds.length >= swissMaxRounds(config.format) || active < 2);
  return { standings, complete, rounds: rounds.length };
}

/** GET /segments/{id}/bracket/info. */
export async function stageInfo(deps: BracketsDeps, tenant: string, segmentId: string) {
  const stage = await stageOf(deps, tenant, segmentId);
  let swiss = null;
  let doubleElimination = null;
  if (stage.format === 'swiss' && stage.swissConfig) {
    const config = stage.swissConfig;
    const { complete, rounds } = await swissStandingsOf(deps, stage);
    const maxRounds = swissMaxRounds(config.format);
    swiss = {
      mode: config.format.mode,
      rounds: config.format.mode === 'fixed' ? config.format.rounds : null,
      wins: config.format.mode === 'early_exit' ? config.format.wins : null,
      losses: config.format.mode === 'early_exit' ? config.format.losses : null,
      maxRounds,
      tiebreaks: [...(config.tiebreaks ?? DEFAULT_SWISS_TIEBREAKS)],
      currentRound: rounds,
      complete,
    };
  }
  if (stage.format === 'double_elimination' && stage.bracket) {
    const state = resolveDoubleElimination(stage.bracket, stage.bracketResults);
    doubleElimination = {
      upperRounds: stage.bracket.upperRounds,
      lowerRounds: stage.bracket.lowerRounds,
      matches: stage.bracket.nodes.length,
      playedMatches: state.playedMatches,
      championRosterId: state.championRosterId,
      complete: state.complete,
      placements: state.placements,
    };
  }
  // What the advance decided (empty before): the public participant list shows "qualified" and the
  // ticket winners from it.
  const outcomes = (await createAdvanceRepository(deps.db).outcomesOf(stage.segmentId)).map((o) => ({
    rosterId: o.rosterId,
    outcome: o.outcome,
    nextSegment: o.nextSegmentId ? { id: o.nextSegmentId } : null,
    ticket: o.ticket ?? null,
  }));
  return {
    id: stage.id,
    type: 'brackets' as const,
    attributes: {
      segment: { id: stage.segmentId },
      format: stage.format,
      teams: stage.teams,
      startsAt: isoSeconds(stage.startsAt),
      createdAt: isoSeconds(stage.createdAt),
      swiss,
      doubleElimination,
      outcomes,
    },
  };
}

/**
 * GET /segments/{id}/swiss-records: standings after `roundNumber` (default: the last fully
 * played round; 0 = before round 1), 50 per page (spec 9).
 */
export async function swissRecords(
  deps: BracketsDeps,
  input: { tenant: string; segmentId: string; roundNumber: number | undefined; page: PageRequest },
) {
  const stage = await stageOf(deps, input.tenant, input.segmentId);
  if (stage.format !== 'swiss' || !stage.swissConfig) {
    throw new DomainError('NOT_FOUND', 'This segment is not a swiss stage');
  }
  const { finishedRounds, results, byes } = await swissState(deps, stage);
  const roundNumber = Math.min(input.roundNumber ?? finishedRounds, finishedRounds);
  const upTo = <T extends { roundNumber: number }>(list: T[]) =>
    list.filter((r) => r.roundNumber <= roundNumber);
  const standings = computeSwissStandings(
    stage.teams,
    upTo(results),
    upTo(byes),
    stage.swissConfig,
    roundNumber,
  );
  const slice = standings.slice(input.page.offset, input.page.offset + input.page.size);
  const rosters = new Map((await deps.repo.rostersByIds(slice.map((s) => s.rosterId))).map((r) => [r.id, r]));
  const data = slice.map((s) => {
    const roster = rosters.get(s.rosterId);
    return {
      id: `${stage.id}:${s.rosterId}`,
      type: 'swiss-records' as const,
      attributes: {
        roster: { id: s.rosterId, name: roster?.name ?? null, displayName: rosterDisplayName(roster) },
        roundNumber,
        rank: s.rank,
        seed: s.seed,
        record: s.record,
        wins: s.wins,
        losses: s.losses,
        draws: s.draws,
        byes: s.byes,
        matchPoints: s.matchPoints,
        buchholz: s.buchholz,
        headToHead: s.headToHead,
        starsFor: s.starsFor,
        starsAgainst: s.starsAgainst,
        destructionFor: s.destructionFor,
        destructionAgainst: s.destructionAgainst,
        status: s.status,
      },
    };
  });
  return { data, total: standings.length };
}

export const SWISS_RECORDS_DEFAULT_PAGE_SIZE = SWISS_RECORDS_PAGE_SIZE;

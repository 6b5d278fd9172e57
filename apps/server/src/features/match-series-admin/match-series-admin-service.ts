import {
  type BracketMatchState,
  type LadderTally,
  ladderResultDeltas,
  resolveDoubleElimination,
} from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { createStageResultsRepository } from '../brackets/brackets-repository.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import { propagate } from '../brackets/stage-results-service.js';
import { conflict } from '../brackets/stage-series.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { ladderResultOf } from '../ladder/match-series/series-results-service.js';
import { syncSeriesStatistics } from '../statistics/statistics-sync.js';
import {
  createMatchSeriesAdminRepository,
  type MatchSeriesAdminRepository,
} from './match-series-admin-repository.js';

export interface MatchSeriesAdminDeps {
  brackets: BracketsDeps;
  ladder: LadderService;
}

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof createMatchSeriesAdminRepository>['find']>>>;

const notFound = (id: string) => new DomainError('NOT_FOUND', `No match series with id ${id}`);

function changed(a: BracketMatchState, b: BracketMatchState): boolean {
  return (
    a.homeRosterId !== b.homeRosterId ||
    a.awayRosterId !== b.awayRosterId ||
    a.winnerRosterId !== b.winnerRosterId ||
    a.status !== b.status
  );
}

/** One series' new sides in PATCH /match-series/assign-rosters (undefined: the side stays). */
type RosterAssignment = {
  matchSeriesId: string;
  home?: string | null | undefined;
  away?: string | null | undefined;
};

type AssignedRoster = Awaited<ReturnType<MatchSeriesAdminRepository['rostersByIds']>>[number];

/** The rosters the assignments name, each known and not withdrawn; a series named twice is refused. */
async function assignedRosters(
  repo: MatchSeriesAdminRepository,
  tenant: string,
  assignments: RosterAssignment[],
  tx: Executor,
): Promise<Map<string, AssignedRoster>> {
  const ids = assignments.map((a) => a.matchSeriesId);
  if (new Set(ids).size !== ids.length)
    throw new DomainError('VALIDATION_FAILED', 'A series appears twice', {
      meta: { reason: 'DUPLICATE_SERIES' },
    });
  const rosterIds = [
    ...new Set(assignments.flatMap((a) => [a.home, a.away].filter((r): r is string => !!r))),
  ];
  const rosters = new Map((await repo.rostersByIds(tenant, rosterIds, tx)).map((r) => [r.id, r]));
  for (const rosterId of rosterIds) {
    const roster = rosters.get(rosterId);
    if (!roster) throw new DomainError('NOT_FOUND', `No roster with id ${rosterId}`);
    if (roster.withdrawnAt) throw conflict('ROSTER_WITHDRAWN', `Roster ${rosterId} is withdrawn`);
  }
  return rosters;
}

/** A series' new sides: rosters of its event, teams of its stage (`teams`, when one), not the same twice. */
function refuseSides(
  next: { home: string | null; away: string | null },
  eventId: string,
  rosters: Map<string, AssignedRoster>,
  teams: Set<string> | null,
): void {
  for (const rosterId of [next.home, next.away]) {
    if (!rosterId) continue;
    const roster = rosters.get(rosterId);
    if (roster && roster.eventId !== eventId)
      throw new DomainError('VALIDATION_FAILED', `Roster ${rosterId} is not in this series' event`, {
        meta: { reason: 'ROSTER_OF_ANOTHER_EVENT' },
      });
    if (teams && !teams.has(rosterId))
      throw new DomainError('VALIDATION_FAILED', `Roster ${rosterId} is not a team of this stage`, {
        meta: { reason: 'ROSTER_NOT_IN_STAGE' },
      });
  }
  if (next.home && next.home === next.away)
    throw new DomainError('VALIDATION_FAILED', 'A roster cannot play itself', {
      meta: { reason: 'SAME_ROSTER' },
    });
}

/** A team plays once per swiss round (checked on the written state; a refusal rolls back). */
async function refuseTwiceInRound(
  repo: MatchSeriesAdminRepository,
  rounds: Iterable<{ stageId: string; round: number }>,
  tx: Executor,
): Promise<void> {
  for (const { stageId, round } of rounds) {
    const seen = new Set<string>();
    for (const side of await repo.roundSides(stageId, round, tx)) {
      if (!side.rosterId) continue;
      if (seen.has(side.rosterId))
        throw conflict('ROSTER_TWICE_IN_ROUND', `Roster ${side.rosterId} would play twice in round ${round}`);
      seen.add(side.rosterId);
    }
  }
}

/**
 * The organizer's writes on match series (docs/api/match-series-admin.md). Every function runs in the
 * caller's transaction (the route's audited one): a refusal throws before or rolls back every write.
 */
export function createMatchSeriesAdminService(deps: MatchSeriesAdminDeps) {
  const { brackets, ladder } = deps;
  const db = brackets.db;
  const now = brackets.now;
  const repo = createMatchSeriesAdminRepository(db);
  const stageResults = createStageResultsRepository(db);
  const ladderRepo = ladder.repository;

  /** The ladder deltas of a finished ladder series (nothing when a side is missing). */
  async function deltasOf(seriesId: string, tx: Executor, sign: 1 | -1): Promise<LadderTally[]> {
    const competitors = await repo.competitors(seriesId, tx);
    const home = competitors.find((c) => c.position === 0);
    const away = competitors.find((c) => c.position === 1);
    const result = home && away ? ladderResultOf(home, away) : null;
    return result ? ladderResultDeltas(result, sign) : [];
  }

  async function applyLadderDeltas(series: Found['series'], sign: 1 | -1, tx: Executor) {
    const deltas = await deltasOf(series.id, tx, sign);
    if (deltas.length === 0) return;
    await ladderRepo.applyDeltas(series.segmentId, deltas, now(), tx);
  }

  /** The live (not deleted) series, locked. */
  async function live(tenant: string, id: string, tx: Executor): Promise<Found> {
    const found = await repo.find(tenant, id, tx, true);
    if (!found || found.series.deletedAt) throw notFound(id);
    return found;
  }

  /** Takes a stage series back to scheduled; refused once later play depends on it. */
  async function resetStageSeries(found: Found, tx: Executor): Promise<string[]> {
    const stage = await brackets.repo.lockStage(found.stageId!, tx);
    const series = found.series;
    let changedIds: string[] = [];
    if (stage.format === 'double_elimination' && stage.bracket) {
      const recorded = stage.bracketResults.some((r) => r.matchId === found.nodeId);
      if (series.state === 'finished' && !recorded)
        throw conflict('BRACKET_NODE_CLOSED', 'This bracket match was decided by the bracket itself');
      if (recorded) {
        const before = resolveDoubleElimination(stage.bracket, stage.bracketResults);
        const match = before.matches.find((m) => m.id === found.nodeId)!;
        // Same rule as a correction: no match that received its winner or loser has a result.
        const dependents = before.matches.filter(
          (m) =>
            (m.home.kind !== 'seed' && m.home.matchId === match.id) ||
            (m.away.kind !== 'seed' && m.away.matchId === match.id),
        );
        if (dependents.some((m) => m.status === 'finished'))
          throw conflict('BRACKET_RESULT_LOCKED', `${match.id}: a later match already used this result`);
        const next = stage.bracketResults.filter((r) => r.matchId !== found.nodeId);
        const after = resolveDoubleElimination(stage.bracket, next);
        const changes = after.matches.filter((m, i) => changed(before.matches[i]!, m));
        await brackets.repo.updateBracketResults(stage.id, next, tx);
        changedIds = await propagate(stageResults, stage, changes, found.nodeId!, now(), tx);
      }
    } else {
      const rounds = await brackets.repo.rounds(stage.id, tx);
      if ((found.stageRound ?? 0) < rounds.length)
        throw conflict('ROUND_CLOSED', 'The next round already started');
    }
    return changedIds;
  }

  return {
    live,

    /**
     * Reset: the series goes back to before its result. A finished ladder series takes its
     * standings deltas back; a stage series is refused once later play depends on it.
     */
    async reset(tenant: string, id: string, tx: Executor) {
      const found = await live(tenant, id, tx);
      if (found.series.bye) throw conflict('BYE', 'A bye has no result');
      let changedMatchSeriesIds: string[] = [];
      if (found.stageId) changedMatchSeriesIds = await resetStageSeries(found, tx);
      else if (found.series.state === 'finished') await applyLadderDeltas(found.series, -1, tx);
      await repo.clearResults(id, tx);
      await repo.update(
        id,
        {
          state: found.stageId ? 'scheduled' : 'upcoming',
          finishedAt: null,
          reviewReason: null,
          warId: null,
          warLink: null,
          warReport: null,
        },
        tx,
      );
      await syncSeriesStatistics([id, ...changedMatchSeriesIds], tx);
      return { changedMatchSeriesIds };
    },

    /** Soft delete of a ladder series; a finished one takes its result out of the standings. */
    async remove(tenant: string, id: string, tx: Executor) {
      const found = await live(tenant, id, tx);
      if (found.stageId)
        throw conflict('STAGE_SERIES', 'A series of a swiss or bracket stage cannot be deleted: reset it');
      if (found.series.state === 'finished') await applyLadderDeltas(found.series, -1, tx);
      // An open series no longer holds its rosters' queue entries: they may queue again.
      else await ladderRepo.completeEntriesOfSeries(id, tx);
      await repo.update(id, { deletedAt: now() }, tx);
      await syncSeriesStatistics([id], tx);
    },

    /** Restore: a finished series puts its result back; an open one needs its rosters free. */
    async restore(tenant: string, id: string, tx: Executor) {
      const found = await repo.find(tenant, id, tx, true);
      if (!found?.series.deletedAt)
        throw new DomainError('NOT_FOUND', `No deleted match series with id ${id}`);
      if (found.series.state === 'finished') await applyLadderDeltas(found.series, 1, tx);
      else {
        const rosterIds = (await repo.competitors(id, tx)).flatMap((c) => (c.rosterId ? [c.rosterId] : []));
        const busy = [
          ...new Set([
            ...(await repo.rostersInOtherOpenSeries(rosterIds, id, tx)),
            ...(await repo.rostersQueued(rosterIds, tx)),
          ]),
        ];
        if (busy.length > 0)
          throw new DomainError('CONFLICT', 'A roster of this series plays another series or is queued', {
            meta: { reason: 'ROSTER_IN_PLAY', rosterIds: busy },
          });
      }
      await repo.update(id, { deletedAt: null }, tx);
      await syncSeriesStatistics([id], tx);
    },

    /** Date and state (open states only: a result finishes a series, a reset reopens it). */
    async patch(
      tenant: string,
      id: string,
      input: { date?: Date; state?: Found['series']['state'] },
      tx: Executor,
    ) {
      const found = await live(tenant, id, tx);
      if (input.state !== undefined && found.series.state === 'finished')
        throw conflict('SERIES_FINISHED', 'A finished series changes state only through a reset');
      await repo.update(
        id,
        {
          ...(input.date ? { date: input.date } : {}),
          ...(input.state ? { state: input.state } : {}),
        },
        tx,
      );
      if (input.date) await repo.setCompetitorsDate(id, input.date, tx);
      // A stage series moved to another date gets check-in deadline jobs for that date (their key
      // holds the date, `deadlineKey`): moved earlier, they decide it then; the old date's jobs later
      // find it decided. Moved later, the old jobs find the date not reached and wait again.
      if (input.date && found.stageId && input.date > now()) await brackets.scheduleDeadlines([id], tx);
    },

    /**
     * Sets sides of unfinished ladder or swiss series (a bracket's sides follow its seeds and
     * results). Rosters of the series' event, not withdrawn; in a swiss stage, teams of the stage,
     * once per round.
     */
    async assignRosters(tenant: string, assignments: RosterAssignment[], tx: Executor) {
      const rosters = await assignedRosters(repo, tenant, assignments, tx);
      const rounds = new Map<string, { stageId: string; round: number }>();
      const before: { matchSeriesId: string; home: string | null; away: string | null }[] = [];
      const plans: { id: string; home: string | null; away: string | null }[] = [];
      for (const assignment of [...assignments].sort((a, b) =>
        a.matchSeriesId < b.matchSeriesId ? -1 : 1,
      )) {
        const found = await live(tenant, assignment.matchSeriesId, tx);
        const series = found.series;
        if (series.state === 'finished')
          throw conflict('SERIES_FINISHED', `Series ${series.id} is finished: reset it first`);
        if (series.bye) throw conflict('BYE', 'A bye has no opponent to set');
        if (found.format === 'double_elimination')
          throw conflict('BRACKET_SLOTS', "A bracket's sides follow its seeds and results");
        let teams: Set<string> | null = null;
        if (found.stageId) {
          const stage = await brackets.repo.lockStage(found.stageId, tx);
          teams = new Set(stage.teams.map((t) => t.rosterId));
          rounds.set(`${found.stageId}:${found.stageRound}`, {
            stageId: found.stageId,
            round: found.stageRound!,
          });
        }
        const competitors = await repo.competitors(series.id, tx);
        const current = {
          home: competitors.find((c) => c.position === 0)?.rosterId ?? null,
          away: competitors.find((c) => c.position === 1)?.rosterId ?? null,
        };
        const next = {
          home: assignment.home === undefined ? current.home : assignment.home,
          away: assignment.away === undefined ? current.away : assignment.away,
        };
        refuseSides(next, series.eventId, rosters, teams);
        before.push({ matchSeriesId: series.id, ...current });
        plans.push({ id: series.id, ...next });
      }
      for (const plan of plans) {
        await repo.setCompetitorRoster(plan.id, 0, plan.home, tx);
        await repo.setCompetitorRoster(plan.id, 1, plan.away, tx);
      }
      await refuseTwiceInRound(repo, rounds.values(), tx);
      return {
        before,
        after: plans.map((p) => ({ matchSeriesId: p.id, home: p.home, away: p.away })),
      };
    },

    /**
     * Disqualifies a roster of the segment: it is withdrawn and, through the ladder's withdrawal,
     * forfeits every unfinished series it plays against a known opponent and leaves the queue.
     */
    async disqualify(
      tenant: string,
      segmentId: string,
      rosterId: string,
      uow: UnitOfWork,
    ): Promise<{ withdrawnAt: Date; forfeited: string[] }> {
      const { tx } = uow;
      const roster = await repo.lockRoster(tenant, rosterId, tx);
      if (!roster || roster.segmentId !== segmentId)
        throw new DomainError('NOT_FOUND', `No roster with id ${rosterId} in segment ${segmentId}`);
      if (roster.withdrawnAt) throw conflict('ROSTER_WITHDRAWN', 'This roster is already withdrawn');
      const forfeited = (await ladderRepo.seriesToForfeit(rosterId, tx)).map((s) => s.id);
      const at = now();
      await repo.withdrawRoster(rosterId, at, tx);
      uow.afterCommit(await ladder.withdrawRoster(rosterId, tx));
      return { withdrawnAt: at, forfeited };
    },
  };
}
export type MatchSeriesAdminService = ReturnType<typeof createMatchSeriesAdminService>;

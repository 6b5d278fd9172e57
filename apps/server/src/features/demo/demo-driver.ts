import { CHECKIN_WINDOW_MS } from '@cwh/domain';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { GameAdapter } from '../../game/index.js';
import type { DbSimGame } from '../../game/simulated/db-sim-game.js';
import { type BracketsDeps, startNextRound } from '../brackets/brackets-service.js';
import { createCheckinsRepository } from '../checkins/checkins-repository.js';
import { matchCheckIn } from '../checkins/match-check-in-service.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { selectPlayers } from '../war/select-players.js';
import { createWarCreator } from '../war/war-creator.js';
import { type DemoRefusal, fixFor } from './demo-refusals.js';
import { createDemoRepository, type DemoRoster, type DemoSeries } from './demo-repository.js';

/*
 * DEMO ONLY: the demo's simulated teams keep playing while the hub runs (README "Demo bots"). Each
 * step acts as the demo captains and the demo organizer would, through the hub's own services (the
 * ones the HTTP routes call): queue, accept, start the war or check in, play the war out in the
 * simulator, start the next swiss round. Teams whose captain a person signed in as are left alone.
 */

export interface DemoPace {
  /** How long a bot war runs in the simulator before it is played out. */
  warPlayMs: number;
  /** Rest of a team between the end of its last match and its next ladder queue. */
  restMs: number;
  /** Demo teams busy on the ladder at once (queueing or playing). */
  ladderTeamsAtOnce: number;
  /** A team with a match due within this time does not queue on the ladder (it would miss it). */
  busyHorizonMs: number;
}

export const DEFAULT_DEMO_PACE: DemoPace = {
  warPlayMs: 4 * 60_000,
  restMs: 10 * 60_000,
  ladderTeamsAtOnce: 4,
  busyHorizonMs: 30 * 60_000,
};

export interface DemoDriverDeps {
  db: Db;
  ladder: LadderService;
  game: GameAdapter;
  sim: DbSimGame;
  brackets: BracketsDeps;
  now: () => Date;
  pace?: Partial<DemoPace>;
  /** Runs a matchmaking tick at once (the ladder workers' kick), as a queue join does. */
  kick?: () => void;
  log?: { info: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void };
}

export interface DemoStepReport {
  warsFinished: number;
  accepted: number;
  warsStarted: number;
  checkedIn: number;
  roundsStarted: number;
  queued: number;
}

const emptyReport = (): DemoStepReport => ({
  warsFinished: 0,
  accepted: 0,
  warsStarted: 0,
  checkedIn: 0,
  roundsStarted: 0,
  queued: 0,
});

/** Refusals that only mean "not now": the team tries again after a rest, nothing to fix. */
const QUIET_REFUSALS = new Set(['NOT_IN_LADDER', 'UPCOMING_MATCH']);

const captain = (roster: DemoRoster) => ({ id: roster.ownerId, permissions: [] as string[] });

export function createDemoDriver(deps: DemoDriverDeps) {
  const pace = { ...DEFAULT_DEMO_PACE, ...deps.pace };
  const repo = createDemoRepository(deps.db);
  const createWar = createWarCreator(deps.ladder, deps.game);
  const checkinDeps = {
    db: deps.db,
    repo: createCheckinsRepository(deps.db),
    game: deps.game,
    now: deps.now,
    matchRoomNotices: deps.ladder.matchRoomNotices,
    createWar,
  };
  /** When the driver first saw each running war (the app's clock): it plays out `warPlayMs` later. */
  const warSeen = new Map<string, number>();
  const refusals = new Map<string, DemoRefusal>();
  /** Series sides whose line-up the bot captain named (once per series). */
  const named = new Set<string>();
  /** Swiss stages found complete: not asked again. */
  const completeStages = new Set<string>();
  /** A team refused by the queue tries again after a rest, not on every step. */
  const retryAt = new Map<string, number>();

  const refuse = (roster: DemoRoster, error: DomainError) => {
    retryAt.set(roster.id, deps.now().getTime() + pace.restMs);
    // Not a ladder team now, or a match coming (a cup team): nothing to show or fix.
    if (QUIET_REFUSALS.has(error.code)) return;
    const known = refusals.get(roster.id);
    const refusal: DemoRefusal = {
      rosterId: roster.id,
      team: roster.name ?? roster.clanTag,
      code: error.code,
      detail: error.message,
      fix: fixFor(error.code),
      at: deps.now().toISOString(),
    };
    refusals.set(roster.id, refusal);
    if (known?.code !== error.code) deps.log?.warn(refusal, 'demo team cannot queue');
  };

  async function finishWars(series: DemoSeries[], bots: Map<string, DemoRoster>): Promise<number> {
    const running = await repo.runningWarIds();
    const at = deps.now().getTime();
    let finished = 0;
    for (const row of series) {
      if (!row.warId || !running.has(row.warId)) continue;
      if (!row.rosterIds.every((id) => id !== null && bots.has(id))) continue;
      const seen = warSeen.get(row.warId) ?? at;
      warSeen.set(row.warId, seen);
      if (at < Math.max(seen + pace.warPlayMs, row.date.getTime())) continue;
      // The simulator console's "Play out": the result reaches the hub through the game adapter.
      await deps.sim.finishWar(row.warId);
      warSeen.delete(row.warId);
      finished++;
    }
    return finished;
  }

  async function acceptMatchUps(bots: Map<string, DemoRoster>): Promise<number> {
    let accepted = 0;
    for (const side of await repo.pendingSides()) {
      const roster = bots.get(side.rosterId);
      if (!roster) continue;
      await quietly(
        () => deps.ladder.accept(side.matchUpId, captain(roster)),
        () => accepted++,
      );
    }
    return accepted;
  }

  /** The captain picks the team's 5 (Select Team) before the war of a stage series is created. */
  async function lineupOf(roster: DemoRoster, row: DemoSeries): Promise<string[]> {
    const members = await deps.ladder.repository.liveRosterMembers(roster.id);
    const playerTags = members.map((m) => m.playerTag).slice(0, 5);
    const key = `${row.id}:${roster.id}`;
    if (!row.warId && !named.has(key)) {
      const user = captain(roster);
      await quietly(
        () => selectPlayers({ ...deps, now: deps.now }, { roster, user, playerTags }),
        () => named.add(key),
      );
    }
    return playerTags;
  }

  /** Ladder series: the captain taps Start War. Stage series: each captain checks in (5 min before). */
  async function playSeries(series: DemoSeries[], bots: Map<string, DemoRoster>) {
    const at = deps.now().getTime();
    const report = { warsStarted: 0, checkedIn: 0 };
    for (const row of series) {
      const sides = row.rosterIds.flatMap((id) => (id && bots.has(id) ? [bots.get(id)!] : []));
      if (sides.length === 0 || row.rosterIds.some((id) => id === null)) continue;
      if (!row.stage) {
        if (row.warId) continue;
        await quietly(
          () => createWar(row.id, captain(sides[0]!)),
          () => report.warsStarted++,
        );
        continue;
      }
      if (at < row.date.getTime() - CHECKIN_WINDOW_MS || at > row.date.getTime()) continue;
      for (const roster of sides) {
        const playerTags = await lineupOf(roster, row);
        await quietly(
          () =>
            matchCheckIn(checkinDeps, {
              tenant: row.tenant,
              user: captain(roster),
              matchSeriesId: row.id,
              playerTags: playerTags.slice(0, 5),
            }),
          (result) => {
            if (!result.alreadyCheckedIn) report.checkedIn++;
          },
        );
      }
    }
    return report;
  }

  /** The demo organizer starts the next swiss round once every match of the current one is finished. */
  async function startRounds(): Promise<number> {
    let started = 0;
    for (const stage of await repo.demoSwissStages()) {
      if (completeStages.has(stage.segmentId) || stage.unfinished > 0) continue;
      if (stage.maxRounds !== null && stage.rounds >= stage.maxRounds) {
        completeStages.add(stage.segmentId);
        continue;
      }
      await quietly(
        () => startNextRound(deps.brackets, { tenant: stage.tenant, segmentId: stage.segmentId }),
        () => started++,
        () => completeStages.add(stage.segmentId),
      );
    }
    return started;
  }

  async function queueTeams(series: DemoSeries[], rosters: DemoRoster[]): Promise<number> {
    const at = deps.now().getTime();
    const queued = await repo.queuedRosterIds();
    const last = await repo.lastFinishedAt();
    // Busy: in the queue, or a match not finished that is due soon (or whose war runs).
    const busy = new Set<string>(queued);
    for (const row of series) {
      if (row.date.getTime() - at > pace.busyHorizonMs && !row.warId) continue;
      for (const id of row.rosterIds) if (id) busy.add(id);
    }
    const ladderBusy = rosters.filter(
      (r) => queued.has(r.id) || series.some((s) => !s.stage && s.rosterIds.includes(r.id)),
    ).length;
    let room = pace.ladderTeamsAtOnce - ladderBusy;
    // Who rested longest goes first.
    const idle = rosters
      .filter((r) => !busy.has(r.id) && at >= (retryAt.get(r.id) ?? 0))
      .filter((r) => at - (last.get(r.id)?.getTime() ?? 0) >= pace.restMs)
      .sort((a, b) => (last.get(a.id)?.getTime() ?? 0) - (last.get(b.id)?.getTime() ?? 0));
    let count = 0;
    for (const roster of idle) {
      if (room <= 0) break;
      const members = await deps.ladder.repository.liveRosterMembers(roster.id);
      const tags = members.map((m) => m.playerTag).slice(0, 5);
      await quietly(
        () => deps.ladder.join(roster.id, captain(roster), roster.tenant, tags),
        () => {
          refusals.delete(roster.id);
          count++;
          room--;
        },
        (error) => refuse(roster, error),
      );
    }
    if (count > 0) deps.kick?.();
    return count;
  }

  return {
    /** One pass of every bot: what it did. Safe to run concurrently with people using the hub. */
    async step(): Promise<DemoStepReport> {
      const report = emptyReport();
      const rosters = await repo.botRosters();
      const bots = new Map(rosters.map((r) => [r.id, r]));
      report.warsFinished = await finishWars(await repo.openSeries(), bots);
      report.accepted = await acceptMatchUps(bots);
      const played = await playSeries(await repo.openSeries(), bots);
      report.warsStarted = played.warsStarted;
      report.checkedIn = played.checkedIn;
      report.roundsStarted = await startRounds();
      report.queued = await queueTeams(await repo.openSeries(), rosters);
      return report;
    },
    /** Demo teams that could not queue on their last try: why, and how the simulator fixes it. */
    refusals: (): DemoRefusal[] => [...refusals.values()],
  };
}

export type DemoDriver = ReturnType<typeof createDemoDriver>;

/**
 * Runs a service call as a person's tap: a refusal (DomainError) is an answer, not a failure of
 * the step. Other errors propagate. True when the call succeeded.
 */
async function quietly<T>(
  call: () => Promise<T>,
  onDone: (value: T) => void,
  onRefused: (error: DomainError) => void = () => {},
): Promise<boolean> {
  try {
    onDone(await call());
    return true;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    onRefused(error);
    return false;
  }
}

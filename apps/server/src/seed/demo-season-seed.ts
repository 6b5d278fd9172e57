import { type BracketMatchState, resolveDoubleElimination, type WarScore } from '@cwh/domain';
import type { Db } from '../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../db/unit-of-work.js';
import { createUserRepository } from '../features/auth/user-repository.js';
import { createAdvanceRepository } from '../features/brackets/advance-repository.js';
import { advanceSegment } from '../features/brackets/advance-service.js';
import type { StageRow } from '../features/brackets/brackets-repository.js';
import { createStage, startNextRound } from '../features/brackets/brackets-service.js';
import { SWISS_ROUND_LEAD_MINUTES } from '../features/brackets/stage-series.js';
import { createEventRepository } from '../features/events/event-repository.js';
import { defaultLadderConfig } from '../features/ladder/ladder-config.js';
import { createLadderService } from '../features/ladder/ladder-service.js';
import { createRosterRepository } from '../features/rosters/roster-repository.js';
import { createSegmentRepository } from '../features/segments/segment-repository.js';
import { DbSimGame } from '../game/simulated/db-sim-game.js';
import { createRandom } from '../game/simulated/seeded-random.js';
import type { SimDataset } from '../game/simulated/sim-dataset.js';
import { createSimGameRepository } from '../game/simulated/sim-game-repository.js';
import { demoLadderSchedule, insertLadderSchedule, registerTeam } from './demo-ladder-seed.js';
import { cupTh9Dataset, worldFinalistsDataset } from './demo-season-datasets.js';
import { clockedDeps, recordResult } from './seed-stage-clock.js';
import { daysFrom } from './seed-types.js';
import { DEMO_STAFF } from './staff-seed.js';
import { DEMO_FINALS_TH_LEVEL } from './town-hall-cup-seed.js';

/*
 * DEMO ONLY: every stage of the season with real data, built through the server's own stage code
 * (createStage, recordStageResult, startNextRound, advanceSegment), so the rows are exactly what an
 * organizer's calls would leave:
 * - the archived 2025 World Finals: 8 finalists, the double-elimination bracket played out (15
 *   matches over 31 Oct, 1 and 2 Nov 2025, the grand-final reset included) to a champion;
 * - the Monthly Qualifier (swiss) seeded from the demo ladder's standings: round 1 played, round 2
 *   paired and about to start;
 * - the Town Hall Cup TH9: a finished ladder, its top 8 advanced to the Finals (double
 *   elimination), day 1 played, days 2 and 3 to come.
 * Run after `seedDemo` and `seedDemoLadder` (simulated game only). Idempotent and resumable: each
 * step looks at what exists (rosters by clan, the stage of a segment, the results recorded) and
 * does only what is missing, so a second run adds nothing.
 */

export interface DemoSeasonSeedOptions {
  /** The instant `seedDemo` was given. */
  now: Date;
  tenant?: string;
  /**
   * How long after `now` round 2 of the Monthly Qualifier starts (DEMO_SWISS_ROUND_LEAD_SECONDS);
   * the stage code's lead for a new round (SWISS_ROUND_LEAD_MINUTES) when absent.
   */
  swissRoundLeadMs?: number;
}

export interface DemoSeasonSeedSummary {
  /** Simulated clans and players inserted (missing ones only). */
  simClans: number;
  simPlayers: number;
  /** Rosters, stages, swiss rounds, results and advance decisions written by this run. */
  rosters: number;
  stages: number;
  rounds: number;
  results: number;
  outcomes: number;
}

const ROSTER_SIZE = 5;
/** A war lasts 45 minutes: a result is recorded that long after the match time. */
const WAR_MS = 45 * 60_000;
/** Demo players sort after the main simulated dataset and the demo ladder in player lists. */
const WORLD_FINALS_SORT_ORDER_FROM = 2_000;
const CUP_SORT_ORDER_FROM = 3_000;

/** Spec 3: the wrapper event's day 1 start. */
const WORLD_FINALS_START = new Date('2025-10-31T14:00:00Z');
const WORLD_FINALS_REGISTERED = new Date('2025-10-01T12:00:00Z');
const WORLD_FINALS_DRAWN = new Date('2025-10-30T12:00:00Z');
/** Double elimination of 8: all 15 matches (the reset is played, see `worldFinalsWinner`). */
const ALL_MATCHES = 15;
/** The cup Finals' day 1 (matches 1-6). */
const DAY_ONE_MATCHES = 6;

type Stars = Pick<WarScore, 'homeStars' | 'awayStars'>;

const floorHour = (date: Date) => new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);

/**
 * A deterministic war between two seeds: the better seed is more likely to win; stars 10-15 for the
 * winner, fewer for the loser (a draw: equal stars). `force` decides the winner.
 */
export function scriptedWar(
  key: string,
  seeds: { home: number; away: number; field: number },
  options: { force?: 'home' | 'away'; draw?: boolean } = {},
): Stars {
  const random = createRandom(key);
  const strength = (seed: number) => 1 - (seed - 1) / seeds.field;
  const homeChance = 0.5 + 0.4 * (strength(seeds.home) - strength(seeds.away));
  const roll = random();
  const winnerStars = 10 + Math.floor(random() * 6);
  const loserStars = Math.max(0, winnerStars - 1 - Math.floor(random() * 4));
  if (options.draw) return { homeStars: winnerStars - 1, awayStars: winnerStars - 1 };
  const home = options.force ? options.force === 'home' : roll < homeChance;
  return home
    ? { homeStars: winnerStars, awayStars: loserStars }
    : { homeStars: loserStars, awayStars: winnerStars };
}

/** Registers the dataset's teams on a stage (the missing ones); returns them in dataset order. */
async function registerTeams(
  db: Db,
  tenant: string,
  ids: { eventId: string; stageId: string },
  dataset: SimDataset,
  at: Date,
  thLevel: number,
): Promise<{ teams: { roster: { id: string }; playerTags: string[] }[]; inserted: number }> {
  return runInUnitOfWork({ db, now: () => at }, SYSTEM_ACTOR, async (tx) => {
    const rosters = createRosterRepository(tx);
    const teams: { roster: { id: string }; playerTags: string[] }[] = [];
    let inserted = 0;
    for (const clan of dataset.clans) {
      const lineup = dataset.players.filter((p) => p.clanTag === clan.tag).slice(0, ROSTER_SIZE);
      let roster = await rosters.findLiveClanRoster(ids.stageId, clan.tag, tx);
      if (!roster) {
        roster = await registerTeam(tx, tenant, ids, clan, lineup, at, thLevel);
        inserted++;
      }
      teams.push({ roster, playerTags: lineup.map((p) => p.tag) });
    }
    return { teams, inserted };
  });
}

async function segmentsOf(db: Db, tenant: string, eventSlug: string, slugs: string[]) {
  const event = await createEventRepository(db).findBySlug(tenant, eventSlug);
  if (!event) throw new Error(`seedDemoSeason: no event '${eventSlug}' (run seedDemo first)`);
  const repo = createSegmentRepository(db);
  const found = [];
  for (const slug of slugs) {
    const segment = await repo.findBySlug(event.id, slug);
    if (!segment) throw new Error(`seedDemoSeason: no segment '${slug}' (run seedDemo first)`);
    found.push(segment);
  }
  return { event, segments: found };
}

/**
 * Plays the bracket's ready matches in play order up to match `upTo`, each through the results
 * service at its war's end; `decide` gives the stars. Returns how many results were recorded.
 */
async function playBracket(
  clock: ReturnType<typeof clockedDeps>,
  segmentId: string,
  upTo: number,
  decide: (match: BracketMatchState, seedOf: (rosterId: string) => number, stage: StageRow) => Stars,
): Promise<number> {
  const { deps } = clock;
  // One transaction for the day's results (each result locks the stage as the service does).
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    let recorded = 0;
    const stage = (await deps.repo.stageOfSegment(segmentId, tx))!;
    const seriesOf = new Map(
      (await deps.repo.allStageSeries(stage.id, tx)).map((r) => [r.link.nodeId, r.series]),
    );
    const seeds = new Map(stage.teams.map((t) => [t.rosterId, t.seed]));
    for (;;) {
      const { bracketResults } = (await deps.repo.stageOfSegment(segmentId, tx))!;
      const state = resolveDoubleElimination(stage.bracket!, bracketResults);
      const next = state.matches.find((m) => m.status === 'ready' && m.number <= upTo);
      if (!next) return recorded;
      const series = seriesOf.get(next.id)!;
      clock.set(new Date(series.date.getTime() + WAR_MS));
      await recordResult(
        deps,
        series.id,
        decide(next, (id) => seeds.get(id)!, stage),
        tx,
      );
      recorded++;
    }
  });
}

async function organizerId(db: Db): Promise<string> {
  const user = await createUserRepository(db).findByEmail(DEMO_STAFF.organizer.email);
  if (!user) throw new Error('seedDemoSeason: no demo organizer (run seedDemo first)');
  return user.id;
}

const seedSim = (db: Db, now: Date, dataset: SimDataset, sortOrderFrom: number) =>
  runInUnitOfWork({ db, now: () => now }, SYSTEM_ACTOR, (tx) =>
    createSimGameRepository(tx).seed(dataset, tx, sortOrderFrom),
  );

/** The 2025 World Finals: 8 finalists, the whole bracket played, the lower-bracket winner forcing the reset. */
async function seedWorldFinals(db: Db, tenant: string, userId: string) {
  const sim = await seedSim(db, WORLD_FINALS_REGISTERED, worldFinalistsDataset, WORLD_FINALS_SORT_ORDER_FROM);
  const {
    event,
    segments: [finals],
  } = await segmentsOf(db, tenant, 'world-championship-2025', ['world-finals']);
  const ids = { eventId: event.id, stageId: finals!.id };
  const { teams, inserted } = await registerTeams(
    db,
    tenant,
    ids,
    worldFinalistsDataset,
    WORLD_FINALS_REGISTERED,
    17,
  );
  const clock = clockedDeps(db, WORLD_FINALS_DRAWN);
  let stages = 0;
  if (!(await clock.deps.repo.stageOfSegment(finals!.id))) {
    await createStage(clock.deps, {
      tenant,
      segmentId: finals!.id,
      userId,
      body: { rosterIds: teams.map((t) => t.roster.id), startsAt: WORLD_FINALS_START.toISOString() },
    });
    stages++;
  }
  const results = await playBracket(clock, finals!.id, ALL_MATCHES, (match, seedOf, stage) => {
    const seeds = { home: seedOf(match.homeRosterId!), away: seedOf(match.awayRosterId!), field: 8 };
    // The first grand final goes to the lower-bracket team, so the reset is played (15 matches).
    const lowerSide = (['home', 'away'] as const).find((side) => {
      const source = match[side];
      return (
        source.kind === 'winner' &&
        stage.bracket!.nodes.find((n) => n.id === source.matchId)?.section === 'lower'
      );
    });
    const force = match.id === 'GF1' ? lowerSide : undefined;
    return scriptedWar(`world-finals-2025:${match.id}`, seeds, force ? { force } : {});
  });
  return { sim, rosters: inserted, stages, results };
}

/** The Monthly Qualifier: a swiss stage of the demo ladder's teams by placement; round 1 played, round 2 paired. */
async function seedMonthlyQualifier(db: Db, tenant: string, userId: string, now: Date, leadMs?: number) {
  const {
    segments: [mq],
  } = await segmentsOf(db, tenant, 'championship-current', ['monthly-qualifier']);
  const roundOne = floorHour(daysFrom(now, 0, -20));
  const clock = clockedDeps(db, daysFrom(roundOne, -1));
  let stages = 0;
  let rounds = 0;
  let stage = await clock.deps.repo.stageOfSegment(mq!.id);
  if (!stage) {
    // No roster list: the locked rosters of the championship by their ladder placement (seed 1 = leader).
    stage = await createStage(clock.deps, {
      tenant,
      segmentId: mq!.id,
      userId,
      body: { startsAt: roundOne.toISOString() },
    });
    stages++;
    rounds++;
  }
  const seeds = new Map(stage.teams.map((t) => [t.rosterId, t.seed]));
  const existing = await clock.deps.repo.rounds(stage.id);
  let results = 0;
  if (existing.length === 1) {
    const rows = await clock.deps.repo.allStageSeries(stage.id);
    // Every table of round 1, finished or not: a result may be corrected until round 2 starts, so
    // a no-show deadline that fired first (an app running on this database schedules them) is
    // replaced by the demo's result, and a resumed run writes the same results again.
    const open = rows
      .filter((r) => r.link.roundNumber === 1 && !r.series.bye)
      .sort((a, b) => a.link.number - b.link.number);
    const competitors = await clock.deps.repo.competitorsOf(open.map((r) => r.series.id));
    await runInUnitOfWork(clock.deps, SYSTEM_ACTOR, async (tx) => {
      for (const row of open) {
        const [home, away] = competitors
          .filter((c) => c.matchSeriesId === row.series.id)
          .sort((a, b) => a.position - b.position);
        const war = scriptedWar(
          `monthly-qualifier:R1-T${row.link.number}`,
          { home: seeds.get(home!.rosterId!)!, away: seeds.get(away!.rosterId!)!, field: stage.teams.length },
          // One true draw on the middle table: swiss scores it (1 point each).
          { draw: row.link.number === Math.ceil(stage.teams.length / 4) },
        );
        clock.set(new Date(row.series.date.getTime() + WAR_MS));
        await recordResult(clock.deps, row.series.id, war, tx);
        results++;
      }
    });
    // Round 2 is paired now and starts a few minutes from now (check-in time): the stage code dates a
    // new round SWISS_ROUND_LEAD_MINUTES after its clock, so a shorter lead pairs it that much earlier.
    const defaultLeadMs = SWISS_ROUND_LEAD_MINUTES * 60_000;
    clock.set(new Date(now.getTime() + Math.min(leadMs ?? defaultLeadMs, defaultLeadMs) - defaultLeadMs));
    await startNextRound(clock.deps, { tenant, segmentId: mq!.id });
    rounds++;
  }
  return { stages, rounds, results };
}

/** The Town Hall Cup TH9: the ladder played and decided, its top 8 in the Finals, day 1 played. */
async function seedCupFinals(db: Db, tenant: string, userId: string, now: Date) {
  const level = DEMO_FINALS_TH_LEVEL;
  const sim = await seedSim(db, now, cupTh9Dataset, CUP_SORT_ORDER_FROM);
  const {
    event,
    segments: [stageSegment, ladderSegment, finals],
  } = await segmentsOf(db, tenant, 'town-hall-cup-current', [
    `town-hall-cup-th${level}`,
    `town-hall-cup-th${level}-ladder`,
    `town-hall-cup-th${level}-finals`,
  ]);
  const ladderEnd = ladderSegment!.dateTo;
  const { teams, inserted } = await registerTeams(
    db,
    tenant,
    { eventId: event.id, stageId: stageSegment!.id },
    cupTh9Dataset,
    daysFrom(ladderSegment!.dateFrom, -1),
    level,
  );
  const ladder = createLadderService({
    db,
    game: new DbSimGame(db, () => now),
    config: defaultLadderConfig(),
    now: () => now,
    notify: () => {},
    instanceId: 'demo-season-seed',
  });
  // The ladder's wars: only with the teams this run registered (a second run finds them all).
  if (inserted === teams.length) {
    await runInUnitOfWork({ db, now: () => now }, SYSTEM_ACTOR, (tx) =>
      insertLadderSchedule(
        ladder.repository,
        { tenant, eventId: event.id, segmentId: ladderSegment!.id },
        teams,
        demoLadderSchedule(teams.length, `demo-cup-th${level}`),
        ladderEnd,
        tx,
      ),
    );
  }
  await ladder.recalculateSegment(ladderSegment!.id);

  const clock = clockedDeps(db, ladderEnd);
  let outcomes = 0;
  if ((await createAdvanceRepository(db).outcomesOf(ladderSegment!.id)).length === 0) {
    // The cup's rule (spec 9): the ladder's top 8 advance to the Finals, the others are eliminated.
    outcomes = (await advanceSegment(clock.deps, { tenant, segmentId: ladderSegment!.id, body: {} })).length;
  }
  let stages = 0;
  if (!(await clock.deps.repo.stageOfSegment(finals!.id))) {
    // Day 1 yesterday, day 2 starting in two hours, day 3 tomorrow (8 teams follow the finals days).
    const startsAt = floorHour(daysFrom(now, -1, 2));
    clock.set(daysFrom(startsAt, 0, -12));
    await createStage(clock.deps, {
      tenant,
      segmentId: finals!.id,
      userId,
      body: { startsAt: startsAt.toISOString() },
    });
    stages++;
  }
  const results = await playBracket(clock, finals!.id, DAY_ONE_MATCHES, (match, seedOf) =>
    scriptedWar(`cup-th${level}-finals:${match.id}`, {
      home: seedOf(match.homeRosterId!),
      away: seedOf(match.awayRosterId!),
      field: 8,
    }),
  );
  return { sim, rosters: inserted, stages, results, outcomes };
}

/** Seeds the demo season's stages (see the file comment). */
export async function seedDemoSeason(db: Db, options: DemoSeasonSeedOptions): Promise<DemoSeasonSeedSummary> {
  const tenant = options.tenant ?? 'global';
  const userId = await organizerId(db);
  const world = await seedWorldFinals(db, tenant, userId);
  const mq = await seedMonthlyQualifier(db, tenant, userId, options.now, options.swissRoundLeadMs);
  const cup = await seedCupFinals(db, tenant, userId, options.now);
  return {
    simClans: world.sim.clans + cup.sim.clans,
    simPlayers: world.sim.players + cup.sim.players,
    rosters: world.rosters + cup.rosters,
    stages: world.stages + mq.stages + cup.stages,
    rounds: mq.rounds,
    results: world.results + mq.results + cup.results,
    outcomes: cup.outcomes,
  };
}

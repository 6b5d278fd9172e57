import { CLAN_TAG_PROVIDER } from '@cwh/domain';
import type { Db, Executor } from '../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../db/unit-of-work.js';
import { generateToken } from '../features/auth/opaque-token.js';
import { playerPasswordPlaceholder } from '../features/auth/password.js';
import { createUserRepository } from '../features/auth/user-repository.js';
import { createEventRepository } from '../features/events/event-repository.js';
import { defaultLadderConfig } from '../features/ladder/ladder-config.js';
import { createLadderService } from '../features/ladder/ladder-service.js';
import { createPlayerRepository } from '../features/players/player-repository.js';
import { changesPeriod } from '../features/rosters/roster-changes.js';
import { createRosterRepository } from '../features/rosters/roster-repository.js';
import { createSegmentRepository } from '../features/segments/segment-repository.js';
import { DbSimGame } from '../game/simulated/db-sim-game.js';
import { createRandom } from '../game/simulated/seeded-random.js';
import type { SimClan, SimPlayer } from '../game/simulated/sim-dataset.js';
import { simDemoLadderDataset } from '../game/simulated/sim-demo-ladder-dataset.js';
import { createSimGameRepository } from '../game/simulated/sim-game-repository.js';
import { daysFrom } from './seed-types.js';

/*
 * DEMO ONLY: a living championship ladder for a first visitor. Twelve simulated TH17 clans
 * (`sim-demo-ladder-dataset.ts`, never seeded by the game adapter itself) get registered players,
 * a locked roster in the championship (captain = clan leader) and finished ladder match series
 * over the past six days of the Open Qualifier; the standings are then rebuilt by the ladder
 * service, the same recalculation a real war result runs. Run after `seedDemo` by the embedded
 * demo's first start and by `npm run seed`; the integration tests do not run it.
 */

export interface DemoLadderSeedOptions {
  /** The same instant `seedDemo` was given: the series are dated over the days before it. */
  now: Date;
  tenant?: string;
}

export interface DemoLadderSeedSummary {
  /** Simulated clans and players inserted (missing ones only). */
  simClans: number;
  simPlayers: number;
  /** Hub users (registered players), rosters and finished series inserted by this run. */
  users: number;
  rosters: number;
  series: number;
  /** Rows of the recalculated standings of the ladder segment. */
  standings: number;
}

/** Where the demo teams play: the current championship and its Open Qualifier ladder. */
const EVENT_SLUG = 'championship-current';
const STAGE_SLUG = 'championship-th17';
const LADDER_SLUG = 'open-qualifier';
/** Demo players come after the main simulated dataset in player lists. */
const DEMO_SORT_ORDER_FROM = 1_000;
const ROSTER_SIZE = 5;
const ROUNDS = 6;
const WAR_MINUTES = 45;
const LEAD_MINUTES = 2;

export interface Outcome {
  home: number;
  away: number;
  stars: { home: number; away: number };
  /** Placement 1 winner, 2 loser; a draw places both 1 (docs/api/ladder.md). */
  winner: 'home' | 'away' | 'draw';
  forfeit: 'home' | 'away' | null;
  /** Days before `now` and minutes earlier that day. */
  daysAgo: number;
  minutesEarlier: number;
}

/** A few scripted specials so the demo shows them: forfeits (FFW/FFL) and a draw. */
const FORFEITS: Record<string, 'home' | 'away'> = { '1:2': 'home', '4:4': 'away' };
const DRAWS = new Set(['2:1']);

const clamp = (value: number) => Math.max(0, Math.min(15, Math.round(value)));

/**
 * The demo ladder's results, deterministic: a round robin (circle method) over six days, a match now
 * and then not played, stars from the clans' strengths plus a seeded dice roll; stars decide the war
 * and the dice breaks a tie in stars (destruction), except for the scripted draw and forfeits.
 */
export function demoLadderSchedule(teams: number, seed = 'demo-ladder'): Outcome[] {
  const random = createRandom(seed);
  const outcomes: Outcome[] = [];
  const ring = Array.from({ length: teams }, (_, i) => i);
  for (let round = 0; round < ROUNDS; round++) {
    for (let match = 0; match < teams / 2; match++) {
      const a = ring[match]!;
      const b = ring[teams - 1 - match]!;
      const [home, away] = (round + match) % 2 === 0 ? [a, b] : [b, a];
      const key = `${round}:${match}`;
      const skipped = random() < 0.15;
      const roll = { home: random(), away: random(), tie: random() };
      if (skipped && !FORFEITS[key] && !DRAWS.has(key)) continue;
      const strength = (team: number) => 1 - team / teams;
      let stars = {
        home: clamp(8 + 6 * (strength(home) - strength(away)) + roll.home * 5 - 2),
        away: clamp(8 + 6 * (strength(away) - strength(home)) + roll.away * 5 - 2),
      };
      const forfeit = FORFEITS[key] ?? null;
      let winner: Outcome['winner'];
      if (forfeit) {
        stars = { home: 0, away: 0 };
        winner = forfeit === 'home' ? 'away' : 'home';
      } else if (DRAWS.has(key)) {
        stars = { home: stars.home, away: stars.home };
        winner = 'draw';
      } else if (stars.home !== stars.away) winner = stars.home > stars.away ? 'home' : 'away';
      else winner = roll.tie < 0.5 ? 'home' : 'away';
      outcomes.push({
        home,
        away,
        stars,
        winner,
        forfeit,
        daysAgo: ROUNDS - round,
        minutesEarlier: 30 + match * 53,
      });
    }
    // Circle method: the first team stays, the others rotate by one.
    ring.splice(1, 0, ring.pop()!);
  }
  return outcomes;
}

async function ladderSegments(tx: Executor, tenant: string) {
  const event = await createEventRepository(tx).findBySlug(tenant, EVENT_SLUG, tx);
  if (!event) throw new Error(`seedDemoLadder: no event '${EVENT_SLUG}' (run seedDemo first)`);
  const segmentsRepo = createSegmentRepository(tx);
  const stage = await segmentsRepo.findBySlug(event.id, STAGE_SLUG, tx);
  const ladder = await segmentsRepo.findBySlug(event.id, LADDER_SLUG, tx);
  if (!stage || !ladder)
    throw new Error('seedDemoLadder: championship segments missing (run seedDemo first)');
  return { event, stage, ladder };
}

/** A demo team: hub users for its players, a roster on the stage locked an hour after `at`. */
export async function registerTeam(
  tx: Executor,
  tenant: string,
  ids: { eventId: string; stageId: string },
  clan: SimClan,
  players: readonly SimPlayer[],
  at: Date,
  thLevel = 17,
) {
  const usersRepo = createUserRepository(tx);
  const accounts = createPlayerRepository(tx);
  const rosters = createRosterRepository(tx);
  const userIds = new Map<string, string>();
  for (const player of players) {
    const id = player.tag.slice(1).toLowerCase();
    const [firstName = player.name, ...rest] = player.name.split(' ');
    const user = await usersRepo.upsertByEmail(
      {
        email: `demo-${id}@demo.clanwarhub.local`,
        passwordHash: playerPasswordPlaceholder(),
        firstName,
        lastName: rest.join(' ') || null,
        username: `demo-${id}`,
        dateOfBirth: '1998-05-20',
        createdAt: at,
      },
      tx,
    );
    await accounts.linkAccount(user.id, player.tag, player.name, tx);
    await accounts.setProfileDateOfBirth(player.tag, '1998-05-20', at, tx);
    userIds.set(player.tag, user.id);
  }
  const captain = players.find((p) => p.role === 'leader')!;
  const roster = await rosters.insert(
    {
      tenant,
      eventId: ids.eventId,
      segmentId: ids.stageId,
      name: clan.name,
      ownerId: userIds.get(captain.tag)!,
      clanTag: clan.tag,
      thLevel,
      externalIds: [{ provider: CLAN_TAG_PROVIDER, value: clan.tag }],
      joiningKey: generateToken(),
      changesPeriod: changesPeriod(at),
      createdAt: at,
      confirmedAt: new Date(at.getTime() + 3_600_000),
    },
    tx,
  );
  for (const player of players) {
    await rosters.upsertMember(
      {
        rosterId: roster.id,
        playerTag: player.tag,
        name: player.name,
        thLevel: player.townHallLevel,
        roleAtSelection: player.role!,
        position: player.tag === captain.tag ? 'captain' : 'player',
        selectedAt: at,
        registeredAt: new Date(at.getTime() + 1_800_000),
      },
      tx,
    );
  }
  return roster;
}

type LadderRepository = ReturnType<typeof createLadderService>['repository'];

/**
 * Writes a demo schedule as finished ladder series (home first, placements and stars), dated over
 * the days before `anchor`: the rows a played ladder war leaves behind.
 */
export async function insertLadderSchedule(
  ladderRepo: LadderRepository,
  ids: { tenant: string; eventId: string; segmentId: string },
  teams: readonly { roster: { id: string }; playerTags: string[] }[],
  schedule: readonly Outcome[],
  anchor: Date,
  tx: Executor,
) {
  for (const outcome of schedule) {
    const date = new Date(daysFrom(anchor, -outcome.daysAgo).getTime() - outcome.minutesEarlier * 60_000);
    const series = await ladderRepo.insertSeries(
      {
        tenant: ids.tenant,
        eventId: ids.eventId,
        segmentId: ids.segmentId,
        matchUpId: null,
        date,
        state: 'finished',
        createdAt: new Date(date.getTime() - LEAD_MINUTES * 60_000),
        finishedAt: new Date(date.getTime() + WAR_MINUTES * 60_000),
      },
      tx,
    );
    if (!series) throw new Error('demo seed: match series not inserted');
    await ladderRepo.insertCompetitors(
      (['home', 'away'] as const).map((side, position) => {
        const team = teams[outcome[side]]!;
        return {
          matchSeriesId: series.id,
          position,
          rosterId: team.roster.id,
          playerTags: team.playerTags,
          placement: outcome.winner === 'draw' || outcome.winner === side ? 1 : 2,
          score: outcome.stars[side],
          forfeit: outcome.forfeit === side,
          date,
        };
      }),
      tx,
    );
  }
}

/**
 * Seeds the demo ladder (see the file comment). Idempotent: when any demo clan already has a live
 * roster in the championship, nothing is inserted (the simulated clans and players are inserted
 * when missing, the standings recalculated); a second run adds nothing.
 */
export async function seedDemoLadder(db: Db, options: DemoLadderSeedOptions): Promise<DemoLadderSeedSummary> {
  const tenant = options.tenant ?? 'global';
  const now = options.now;
  const { clans, players } = simDemoLadderDataset;
  // The ladder service (no workers, no notices): its repository writes the series, its
  // recalculation rebuilds the standings.
  const ladder = createLadderService({
    db,
    game: new DbSimGame(db, () => now),
    config: defaultLadderConfig(),
    now: () => now,
    notify: () => {},
    instanceId: 'demo-ladder-seed',
  });
  const inserted = await runInUnitOfWork({ db, now: () => now }, SYSTEM_ACTOR, async (tx) => {
    const sim = await createSimGameRepository(tx).seed(simDemoLadderDataset, tx, DEMO_SORT_ORDER_FROM);
    const { event, stage, ladder: ladderSegment } = await ladderSegments(tx, tenant);
    const rosters = createRosterRepository(tx);
    for (const clan of clans) {
      if (await rosters.findLiveClanRoster(stage.id, clan.tag, tx)) {
        return { sim, ladderId: ladderSegment.id, users: 0, rosters: 0, series: 0 };
      }
    }

    // Registered a day before the ladder opened, locked an hour later.
    const registeredAt = daysFrom(now, -8);
    const teams: { roster: { id: string }; playerTags: string[] }[] = [];
    for (const clan of clans) {
      const lineup = players.filter((p) => p.clanTag === clan.tag).slice(0, ROSTER_SIZE);
      const roster = await registerTeam(
        tx,
        tenant,
        { eventId: event.id, stageId: stage.id },
        clan,
        lineup,
        registeredAt,
      );
      teams.push({ roster, playerTags: lineup.map((p) => p.tag) });
    }

    const schedule = demoLadderSchedule(teams.length);
    await insertLadderSchedule(
      ladder.repository,
      { tenant, eventId: event.id, segmentId: ladderSegment.id },
      teams,
      schedule,
      now,
      tx,
    );
    return {
      sim,
      ladderId: ladderSegment.id,
      users: clans.length * ROSTER_SIZE,
      rosters: teams.length,
      series: schedule.length,
    };
  });

  // The standings: the ladder service's recalculation, the one every recorded war result runs.
  const standings = await ladder.recalculateSegment(inserted.ladderId);
  return {
    simClans: inserted.sim.clans,
    simPlayers: inserted.sim.players,
    users: inserted.users,
    rosters: inserted.rosters,
    series: inserted.series,
    standings,
  };
}

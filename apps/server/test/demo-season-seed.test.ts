import { API } from '@cwh/contract';
import { pairSwissRound, resolveDoubleElimination } from '@cwh/domain';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  competitionRounds,
  competitionStages,
  matchSeries,
  rosters,
  segments,
  simClans,
  simPlayers,
  stageMatchSeries,
  stageOutcomes,
  users,
} from '../src/db/schema/index.js';
import { seedDemoLadder } from '../src/seed/demo-ladder-seed.js';
import { cupTh9Dataset, worldFinalistsDataset } from '../src/seed/demo-season-datasets.js';
import { type DemoSeasonSeedSummary, seedDemoSeason } from '../src/seed/demo-season-seed.js';
import { describeEachDatabase } from './harness.js';

const T = API.tournaments;

interface Competitor {
  side: 'home' | 'away';
  roster: { id: string } | null;
  placement: number | null;
  result: { score: number | null; forfeit: boolean };
}

interface Series {
  id: string;
  attributes: {
    date: string;
    state: string;
    bye?: boolean;
    roundNumber?: number | null;
    competitors: Competitor[];
  };
}

interface BracketInfo {
  id: string;
  attributes: {
    format: string;
    teams: { rosterId: string; seed: number }[];
    startsAt: string;
    swiss: { currentRound: number; complete: boolean; maxRounds: number } | null;
    doubleElimination: {
      matches: number;
      playedMatches: number;
      championRosterId: string | null;
      complete: boolean;
    } | null;
  };
}

describeEachDatabase('demo season seed', (ctx) => {
  let first: DemoSeasonSeedSummary;

  const segmentId = async (slug: string) =>
    (await ctx.database.db.select().from(segments).where(eq(segments.slug, slug)))[0]!.id;
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}${url}` });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const info = async (slug: string): Promise<BracketInfo> =>
    (await get(`/segments/${await segmentId(slug)}/bracket/info`)).data;
  const stageSeries = async (stageId: string, query = ''): Promise<Series[]> =>
    (await get(`/bracket/${stageId}/match-series?page[size]=100${query}`)).data;
  const winnerOf = (series: Series) => {
    const [home, away] = series.attributes.competitors;
    return home!.placement === 1 && away!.placement !== 1 ? home! : away!.placement === 1 ? away! : null;
  };
  const loserOf = (series: Series) => {
    const winner = winnerOf(series);
    return series.attributes.competitors.find((c) => c !== winner)!;
  };
  const ladderOrder = async (slug: string): Promise<string[]> =>
    (await get(`/segments/${await segmentId(slug)}/standings?page[size]=100`)).data.map(
      (s: { attributes: { roster: { id: string } } }) => s.attributes.roster.id,
    );

  beforeAll(async () => {
    await seedDemoLadder(ctx.database.db, { now: ctx.now });
    first = await seedDemoSeason(ctx.database.db, { now: ctx.now });
  });

  it('seeds the finalists and cup teams, three stages, two swiss rounds and their results', () => {
    expect(first).toEqual({
      simClans: 18,
      simPlayers: 90,
      rosters: 18,
      stages: 3,
      rounds: 2,
      // 15 World Finals matches, 6 swiss tables of round 1, 6 matches of the cup Finals' day 1.
      results: 27,
      outcomes: 10,
    });
  });

  it('plays the 2025 World Finals out: 15 finished matches on 31 Oct, 1 and 2 Nov (6, 6, 3), one champion', async () => {
    const bracket = await info('world-finals');
    expect(bracket.attributes.format).toBe('double_elimination');
    expect(bracket.attributes.startsAt).toBe('2025-10-31T14:00:00Z');
    expect(bracket.attributes.doubleElimination).toMatchObject({
      matches: 15,
      playedMatches: 15,
      complete: true,
    });
    const champion = bracket.attributes.doubleElimination!.championRosterId!;

    // The eight finalists are the demo finalist clans, in seed order.
    const finalists = await ctx.database.db
      .select()
      .from(rosters)
      .where(eq(rosters.segmentId, await segmentId('world-finals')));
    expect(finalists).toHaveLength(8);
    const byTag = new Map(finalists.map((r) => [r.clanTag, r.id]));
    expect(bracket.attributes.teams).toEqual(
      worldFinalistsDataset.clans.map((clan, index) => ({ rosterId: byTag.get(clan.tag), seed: index + 1 })),
    );

    const series = await stageSeries(bracket.id);
    expect(series).toHaveLength(15);
    const days = new Map<string, number>();
    const losses = new Map<string, number>();
    for (const s of series) {
      expect(s.attributes.state).toBe('finished');
      expect(s.attributes.bye ?? false).toBe(false);
      const day = s.attributes.date.slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
      const winner = winnerOf(s)!;
      const loser = loserOf(s);
      expect(winner, s.id).not.toBeNull();
      expect(loser.placement).toBe(2);
      expect(winner.result.score!).toBeGreaterThan(loser.result.score!);
      losses.set(loser.roster!.id, (losses.get(loser.roster!.id) ?? 0) + 1);
    }
    expect(Object.fromEntries(days)).toEqual({ '2025-10-31': 6, '2025-11-01': 6, '2025-11-02': 3 });
    // Each day's first match at the day's start (spec 3): 14:00, 14:00, and 15:00 on day 3.
    const firstOfDay = (day: string) =>
      series
        .map((s) => s.attributes.date)
        .filter((date) => date.startsWith(day))
        .sort()[0];
    expect(['2025-10-31', '2025-11-01', '2025-11-02'].map(firstOfDay)).toEqual([
      '2025-10-31T14:00:00Z',
      '2025-11-01T14:00:00Z',
      '2025-11-02T15:00:00Z',
    ]);
    // Double elimination: every team but the champion out after exactly two losses; the
    // champion lost at most once (the reset was played: the last match is the champion's win).
    for (const { rosterId } of bracket.attributes.teams) {
      if (rosterId === champion) expect(losses.get(rosterId) ?? 0).toBeLessThanOrEqual(1);
      else expect(losses.get(rosterId)).toBe(2);
    }
    const last = [...series].sort((a, b) => a.attributes.date.localeCompare(b.attributes.date)).at(-1)!;
    expect(winnerOf(last)!.roster!.id).toBe(champion);
    // The stored series are the engine's: each node's teams and winner as the double-elimination
    // state resolves them from the recorded winners.
    const [stage] = await ctx.database.db
      .select()
      .from(competitionStages)
      .where(eq(competitionStages.id, bracket.id));
    const state = resolveDoubleElimination(stage!.bracket!, stage!.bracketResults);
    const links = await ctx.database.db
      .select()
      .from(stageMatchSeries)
      .where(eq(stageMatchSeries.stageId, bracket.id));
    const byId = new Map(series.map((s) => [s.id, s]));
    expect(links).toHaveLength(15);
    for (const link of links) {
      const node = state.matches.find((m) => m.id === link.nodeId)!;
      const s = byId.get(link.matchSeriesId)!;
      expect(
        s.attributes.competitors.map((c) => c.roster!.id),
        node.id,
      ).toEqual([node.homeRosterId, node.awayRosterId]);
      expect(winnerOf(s)!.roster!.id, node.id).toBe(node.winnerRosterId);
    }
    // Every match after day 1 was played by teams that came out of earlier matches.
    const played = new Set<string>();
    for (const s of [...series].sort((a, b) => a.attributes.date.localeCompare(b.attributes.date))) {
      const ids = s.attributes.competitors.map((c) => c.roster!.id);
      if (!s.attributes.date.startsWith('2025-10-31'))
        for (const id of ids) expect(played.has(id)).toBe(true);
      for (const id of ids) played.add(id);
    }
  });

  it('runs the Monthly Qualifier in swiss from the demo ladder: round 1 played, round 2 paired and upcoming', async () => {
    const mq = await info('monthly-qualifier');
    expect(mq.attributes.format).toBe('swiss');
    expect(mq.attributes.swiss).toMatchObject({ currentRound: 2, complete: false });
    // Seeded by ladder placement: seed 1 is the ladder leader.
    expect(mq.attributes.teams.map((t) => t.rosterId)).toEqual(await ladderOrder('open-qualifier'));
    expect(mq.attributes.teams).toHaveLength(12);

    const roundOne = await stageSeries(mq.id, '&filter[roundNumber]=1');
    const roundTwo = await stageSeries(mq.id, '&filter[roundNumber]=2');
    for (const [round, list] of [
      [1, roundOne],
      [2, roundTwo],
    ] as const) {
      expect(list, `round ${round}`).toHaveLength(6);
      const ids = list.flatMap((s) => s.attributes.competitors.map((c) => c.roster!.id));
      expect(new Set(ids).size, `round ${round}: each team plays once`).toBe(12);
    }
    let draws = 0;
    for (const s of roundOne) {
      expect(s.attributes.state).toBe('finished');
      expect(new Date(s.attributes.date).getTime()).toBeLessThan(ctx.now.getTime());
      const [home, away] = s.attributes.competitors;
      if (home!.placement === 1 && away!.placement === 1) {
        draws++;
        expect(home!.result.score).toBe(away!.result.score);
      } else expect(winnerOf(s)!.result.score!).toBeGreaterThan(loserOf(s).result.score!);
    }
    expect(draws).toBe(1);
    for (const s of roundTwo) {
      expect(s.attributes.state).toBe('scheduled');
      const date = new Date(s.attributes.date).getTime();
      expect(date).toBeGreaterThan(ctx.now.getTime());
      expect(date).toBeLessThan(ctx.now.getTime() + 3_600_000);
    }
    // No rematch in round 2.
    const pair = (s: Series) =>
      s.attributes.competitors
        .map((c) => c.roster!.id)
        .sort()
        .join('|');
    const met = new Set(roundOne.map(pair));
    for (const s of roundTwo) expect(met.has(pair(s))).toBe(false);

    // The stored rounds are the engine's: pairing each stored input again gives the stored output.
    const rounds = await ctx.database.db
      .select()
      .from(competitionRounds)
      .where(eq(competitionRounds.stageId, mq.id))
      .orderBy(asc(competitionRounds.roundNumber));
    expect(rounds.map((r) => r.roundNumber)).toEqual([1, 2]);
    for (const round of rounds) expect(pairSwissRound(round.input)).toEqual(round.output);
    expect(rounds[1]!.input.results).toHaveLength(6);

    // Swiss records after round 1: five wins, five losses, one draw for two teams.
    const records = (await get(`/segments/${await segmentId('monthly-qualifier')}/swiss-records`)).data as {
      attributes: { roundNumber: number; wins: number; losses: number; draws: number; status: string };
    }[];
    expect(records).toHaveLength(12);
    expect(records.every((r) => r.attributes.roundNumber === 1 && r.attributes.status === 'active')).toBe(
      true,
    );
    const sum = (key: 'wins' | 'losses' | 'draws') => records.reduce((n, r) => n + r.attributes[key], 0);
    expect([sum('wins'), sum('losses'), sum('draws')]).toEqual([5, 5, 2]);
  });

  it('plays the Town Hall Cup TH9: ladder finished, top 8 advanced to the Finals, day 1 of the bracket played', async () => {
    const ladderId = await segmentId('town-hall-cup-th9-ladder');
    const finalsId = await segmentId('town-hall-cup-th9-finals');
    const order = await ladderOrder('town-hall-cup-th9-ladder');
    expect(order).toHaveLength(cupTh9Dataset.clans.length);

    const outcomes = await ctx.database.db
      .select()
      .from(stageOutcomes)
      .where(eq(stageOutcomes.segmentId, ladderId))
      .orderBy(asc(stageOutcomes.rank));
    expect(outcomes.map((o) => o.rosterId)).toEqual(order);
    expect(outcomes.map((o) => o.outcome)).toEqual([
      ...Array(8).fill('qualified'),
      'eliminated',
      'eliminated',
    ]);
    expect(outcomes.slice(0, 8).every((o) => o.nextSegmentId === finalsId)).toBe(true);

    const finals = await info('town-hall-cup-th9-finals');
    expect(finals.attributes.teams).toEqual(
      order.slice(0, 8).map((rosterId, i) => ({ rosterId, seed: i + 1 })),
    );
    expect(finals.attributes.doubleElimination).toMatchObject({
      matches: 15,
      playedMatches: 6,
      complete: false,
      championRosterId: null,
    });
    const series = await stageSeries(finals.id);
    const finished = series.filter((s) => s.attributes.state === 'finished');
    expect(finished).toHaveLength(6);
    for (const s of finished) expect(new Date(s.attributes.date).getTime()).toBeLessThan(ctx.now.getTime());
    const upcoming = series.filter((s) => s.attributes.state !== 'finished');
    expect(upcoming).toHaveLength(9);
    for (const s of upcoming)
      expect(new Date(s.attributes.date).getTime()).toBeGreaterThan(ctx.now.getTime());
    // Day 2 opens with the upper semi-finals: their teams are the winners of day 1.
    const ready = upcoming.filter((s) => s.attributes.competitors.every((c) => c.roster !== null));
    expect(ready.length).toBeGreaterThan(0);
  });

  it('adds nothing when run again', async () => {
    const db = ctx.database.db;
    const snapshot = async () => ({
      users: (await db.select({ n: count() }).from(users))[0]!.n,
      rosters: (await db.select({ n: count() }).from(rosters))[0]!.n,
      series: (await db.select({ n: count() }).from(matchSeries))[0]!.n,
      rounds: (await db.select({ n: count() }).from(competitionRounds))[0]!.n,
      outcomes: (await db.select({ n: count() }).from(stageOutcomes))[0]!.n,
      simClans: (await db.select({ n: count() }).from(simClans))[0]!.n,
      simPlayers: (await db.select({ n: count() }).from(simPlayers))[0]!.n,
      stages: await db
        .select({ id: competitionStages.id, results: competitionStages.bracketResults })
        .from(competitionStages)
        .orderBy(asc(competitionStages.id)),
    });
    const before = await snapshot();
    const again = await seedDemoSeason(db, { now: new Date(ctx.now.getTime() + 3_600_000) });
    expect(again).toEqual({
      simClans: 0,
      simPlayers: 0,
      rosters: 0,
      stages: 0,
      rounds: 0,
      results: 0,
      outcomes: 0,
    });
    expect(await snapshot()).toEqual(before);
  });
});

import { API, SIMULATOR_API } from '@cwh/contract';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { matchSeries, rosterMembers, rosters, segments, users } from '../src/db/schema/index.js';
import { SIM_CLAN_TAGS } from '../src/game/index.js';
import { simDemoLadderClans, simDemoLadderPlayers } from '../src/game/simulated/sim-demo-ladder-dataset.js';
import { type DemoLadderSeedSummary, seedDemoLadder } from '../src/seed/demo-ladder-seed.js';
import { describeEachDatabase } from './harness.js';
import { gameUser } from './players/players-helpers.js';

interface Standing {
  rank: number;
  placement: number;
  points: number;
  record: string;
  wins: number;
  losses: number;
  draws: number;
  gamesPlayed: number;
  starsFor: number;
  starsAgainst: number;
  roster: { id: string };
}

interface Series {
  id: string;
  attributes: {
    date: string;
    state: string;
    competitors: {
      id: string;
      side: 'home' | 'away';
      roster: { id: string } | null;
      placement: number | null;
      result: { score: number | null; forfeit: boolean };
    }[];
    matches: {
      periods: { name: string; competitors: { id: string; result: { score: number | null } }[] }[];
    }[];
  };
}

const DEMO_CLAN_TAGS = simDemoLadderClans.map((c) => c.tag);

describeEachDatabase('demo ladder seed', (ctx) => {
  let first: DemoLadderSeedSummary;
  let ladderId: string;
  let ladderFrom: Date;

  const standings = async (): Promise<Standing[]> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API.tournaments}/segments/${ladderId}/standings?page[size]=100`,
    });
    expect(response.statusCode).toBe(200);
    // updatedAt is the time of the last recalculation; everything else is the table.
    return response.json().data.map(({ attributes }: { attributes: Standing & { updatedAt?: string } }) => {
      const { updatedAt: _at, ...rest } = attributes;
      return rest;
    });
  };

  const finishedSeries = async (): Promise<{ data: Series[]; total: number }> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API.matches}/match-series?filter[segment]=${ladderId}&filter[state]=finished&page[size]=100&sort=-date`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return { data: body.data, total: body.meta.total ?? body.meta.page?.total ?? body.data.length };
  };

  beforeAll(async () => {
    first = await seedDemoLadder(ctx.database.db, { now: ctx.now });
    const [ladder] = await ctx.database.db.select().from(segments).where(eq(segments.slug, 'open-qualifier'));
    ladderId = ladder!.id;
    ladderFrom = ladder!.dateFrom;
  });

  it('seeds twelve demo clans with registered players and locked rosters captained by the leader', async () => {
    expect(first).toMatchObject({ simClans: 12, simPlayers: 72, users: 60, rosters: 12, standings: 12 });
    expect(first.series).toBeGreaterThanOrEqual(25);

    const db = ctx.database.db;
    const demoRosters = await db.select().from(rosters).where(inArray(rosters.clanTag, DEMO_CLAN_TAGS));
    expect(demoRosters).toHaveLength(12);
    for (const roster of demoRosters) {
      expect(roster.confirmedAt).not.toBeNull();
      expect(roster.thLevel).toBe(17);
      const members = await db.select().from(rosterMembers).where(eq(rosterMembers.rosterId, roster.id));
      expect(members).toHaveLength(5);
      expect(members.every((m) => m.registeredAt !== null && m.thLevel === 17)).toBe(true);
      const captain = members.filter((m) => m.position === 'captain');
      expect(captain.map((m) => m.roleAtSelection)).toEqual(['leader']);
      expect(roster.ownerId).not.toBeNull();
      const [owner] = await db.select().from(users).where(eq(users.id, roster.ownerId!));
      expect(owner!.username).toBe(`demo-${captain[0]!.playerTag.slice(1).toLowerCase()}`);
    }
    // The clans of the other tests (e2e ladder journey included) have no roster.
    const others = await db
      .select({ n: count() })
      .from(rosters)
      .where(inArray(rosters.clanTag, Object.values(SIM_CLAN_TAGS)));
    expect(others[0]!.n).toBe(0);

    // The simulated game knows the demo players: they can sign in like any simulated player.
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${SIMULATOR_API}/players?filter[clan]=${encodeURIComponent(DEMO_CLAN_TAGS[0]!)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(6);
    expect(simDemoLadderPlayers).toHaveLength(72);

    // A demo captain signs in as a registered player of a locked team.
    const leader = simDemoLadderPlayers.find((p) => p.clanTag === DEMO_CLAN_TAGS[0] && p.role === 'leader')!;
    const signIn = await gameUser(ctx.app, leader.tag);
    expect(signIn.status).toBe(200);
    const roster = demoRosters.find((r) => r.clanTag === DEMO_CLAN_TAGS[0])!;
    expect(signIn.body.data.id).toBe(roster.ownerId);
    expect(signIn.meta).toMatchObject({ playerTag: leader.tag, role: 'leader', rosterId: roster.id });
  });

  it('lists finished series dated in the ladder window, with stars, placements, forfeits and a draw', async () => {
    const { data, total } = await finishedSeries();
    expect(total).toBe(first.series);
    expect(data).toHaveLength(first.series);
    let forfeits = 0;
    let draws = 0;
    for (const series of data) {
      const { attributes } = series;
      expect(attributes.state).toBe('finished');
      const date = new Date(attributes.date).getTime();
      expect(date).toBeGreaterThanOrEqual(ladderFrom.getTime());
      expect(date).toBeLessThan(ctx.now.getTime());
      const [home, away] = attributes.competitors;
      expect(home!.side).toBe('home');
      expect(away!.side).toBe('away');
      expect(home!.roster).not.toBeNull();
      expect(away!.roster).not.toBeNull();
      const stars = attributes.matches[0]!.periods.find((p) => p.name === 'stars');
      expect(stars!.competitors.map((c) => c.id)).toEqual([home!.id, away!.id]);
      expect(stars!.competitors.map((c) => c.result.score)).toEqual([home!.result.score, away!.result.score]);
      const placements = [home!.placement, away!.placement].sort();
      if (placements[0] === 1 && placements[1] === 1) draws++;
      else expect(placements).toEqual([1, 2]);
      const forfeiter = [home!, away!].find((c) => c.result.forfeit);
      if (forfeiter) {
        forfeits++;
        expect(forfeiter.placement).toBe(2);
        expect([home!.result.score, away!.result.score]).toEqual([0, 0]);
      } else if (placements[1] === 2) {
        const winner = home!.placement === 1 ? home! : away!;
        const loser = winner === home ? away! : home!;
        expect(winner.result.score!).toBeGreaterThanOrEqual(loser.result.score!);
      }
    }
    expect(forfeits).toBe(2);
    expect(draws).toBe(1);
  });

  it('ranks the demo teams by the points rule through the standings endpoint, consistent with the series', async () => {
    const table = await standings();
    expect(table).toHaveLength(12);

    // Tally the listed series independently: win 3, draw 1, loss 0; forfeits score no stars.
    const tally = new Map<string, { w: number; l: number; d: number; sf: number; sa: number }>();
    for (const series of (await finishedSeries()).data) {
      const [home, away] = series.attributes.competitors;
      const forfeit = home!.result.forfeit || away!.result.forfeit;
      for (const [own, other] of [
        [home!, away!],
        [away!, home!],
      ] as const) {
        const t = tally.get(own.roster!.id) ?? { w: 0, l: 0, d: 0, sf: 0, sa: 0 };
        if (own.placement === other.placement) t.d++;
        else if (own.placement === 1) t.w++;
        else t.l++;
        t.sf += forfeit ? 0 : own.result.score!;
        t.sa += forfeit ? 0 : other.result.score!;
        tally.set(own.roster!.id, t);
      }
    }
    expect(tally.size).toBe(12);

    table.forEach((entry, index) => {
      const t = tally.get(entry.roster.id)!;
      expect(entry).toMatchObject({
        wins: t.w,
        losses: t.l,
        draws: t.d,
        gamesPlayed: t.w + t.l + t.d,
        starsFor: t.sf,
        starsAgainst: t.sa,
        points: 3 * t.w + t.d,
        record: t.d > 0 ? `${t.w}-${t.l}-${t.d}` : `${t.w}-${t.l}`,
        placement: index + 1,
      });
      expect(entry.gamesPlayed).toBeGreaterThan(0);
      if (index === 0) {
        expect(entry.rank).toBe(1);
        return;
      }
      const previous = table[index - 1]!;
      const key = (s: Standing) => [s.points, s.starsFor - s.starsAgainst, s.starsFor];
      const [p, d, f] = key(previous);
      const [q, e, g] = key(entry);
      // Points, then star difference, then stars won; equal on all three share the rank.
      expect(p! > q! || (p === q && (d! > e! || (d === e && f! >= g!)))).toBe(true);
      if (p === q && d === e && f === g) expect(entry.rank).toBe(previous.rank);
      else expect(entry.rank).toBe(index + 1);
    });
    const wins = table.reduce((sum, s) => sum + s.wins, 0);
    const losses = table.reduce((sum, s) => sum + s.losses, 0);
    const draws = table.reduce((sum, s) => sum + s.draws, 0);
    expect(wins).toBe(losses);
    expect(wins + draws / 2).toBe(first.series);
    // Not a flat table: the leader is ahead of the last team.
    expect(table[0]!.points).toBeGreaterThan(table[11]!.points);
  });

  it('adds nothing when run again', async () => {
    const db = ctx.database.db;
    const before = {
      users: (await db.select({ n: count() }).from(users))[0]!.n,
      rosters: (await db.select({ n: count() }).from(rosters))[0]!.n,
      series: (await db.select({ n: count() }).from(matchSeries))[0]!.n,
      table: await standings(),
    };
    const again = await seedDemoLadder(db, { now: new Date(ctx.now.getTime() + 3_600_000) });
    expect(again).toEqual({ simClans: 0, simPlayers: 0, users: 0, rosters: 0, series: 0, standings: 12 });
    expect({
      users: (await db.select({ n: count() }).from(users))[0]!.n,
      rosters: (await db.select({ n: count() }).from(rosters))[0]!.n,
      series: (await db.select({ n: count() }).from(matchSeries))[0]!.n,
      table: await standings(),
    }).toEqual(before);
    const locked = await db
      .select({ n: count() })
      .from(rosters)
      .where(and(inArray(rosters.clanTag, DEMO_CLAN_TAGS), isNotNull(rosters.confirmedAt)));
    expect(locked[0]!.n).toBe(12);
  });
});

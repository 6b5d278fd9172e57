import { API, segmentStandingListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rosters, segments } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, DEFAULT_TIEBREAKS, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * GET /segments/{id}/standings of stage segments while they are played: a double-elimination
 * bracket orders the teams still playing by losses then seed, and the swiss table stops at the
 * last fully played round; the filters and the page size of the standings hook.
 */
describeEachDatabase(
  'stage standings while the stage is played',
  (ctx) => {
    let admin = '';
    let captains: Captain[] = [];
    let [mq, mf] = ['', ''];
    const stages = { swiss: '', bracket: '' };
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      captains = await createCaptains(db(), {
        count: 4,
        offset: 8100,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      admin = (await createCallers(ctx)).tokens.admin!;
      const slug = async (name: string) =>
        (await db().select().from(segments).where(eq(segments.slug, name)))[0]!.id;
      [mq, mf] = [await slug('monthly-qualifier'), await slug('monthly-finals')];
      const rosterIds = captains.map((c) => c.rosterId);
      for (const [key, segment, attributes] of [
        ['swiss', mq, { rosterIds, rounds: 2 }],
        ['bracket', mf, { rosterIds }],
      ] as const) {
        const created = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, attributes);
        expect(created.statusCode, created.body).toBe(201);
        stages[key] = created.json().data.id;
      }
    });

    const seed = (rosterId: string) => captains.findIndex((c) => c.rosterId === rosterId) + 1;
    const seriesOf = async (stageId: string): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    const ready = async (stageId: string) =>
      (await seriesOf(stageId)).filter(
        (s) => s.attributes.state === 'scheduled' && s.attributes.competitors.every((c) => c.roster),
      );
    /** Enters a result: `winnerSeed` wins 9 stars to 4. */
    const decide = async (series: SeriesJson, winnerSeed: number) => {
      const homeWins = seed(series.attributes.competitors[0]!.roster!.id) === winnerSeed;
      const response = await call(
        ctx.app,
        admin,
        'PATCH',
        `${T}/match-series/${series.id}/relationships/matches/results`,
        { homeStars: homeWins ? 9 : 4, awayStars: homeWins ? 4 : 9, reason: 'war log' },
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    const seedsOf = (series: SeriesJson) =>
      series.attributes.competitors.map((c) => seed(c.roster!.id)).sort();
    const standings = async (segment: string, query = '') => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segment}/standings${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return segmentStandingListDocument.parse(response.json());
    };

    it('a bracket in play: teams still playing by losses then seed, the placed teams after them by placement', async () => {
      /** Per row: seed, rank, wins, losses, status, placement, placementTo, label. */
      const table = async () =>
        (await standings(mf)).data.map((r) =>
          r.type === 'bracket-standings'
            ? [
                seed(r.attributes.roster.id),
                r.attributes.rank,
                r.attributes.wins,
                r.attributes.losses,
                r.attributes.status,
                r.attributes.placement,
                r.attributes.placementTo,
                r.attributes.label,
              ]
            : r.type,
        );
      const upper1 = await ready(stages.bracket);
      expect(upper1.map(seedsOf)).toEqual([
        [1, 4],
        [2, 3],
      ]);
      await decide(upper1[0]!, 1);
      // Seed 4 lost once but still plays (lower bracket): behind the unbeaten seeds 2 and 3.
      expect(await table()).toEqual([
        [1, 1, 1, 0, 'active', null, null, null],
        [2, 2, 0, 0, 'active', null, null, null],
        [3, 3, 0, 0, 'active', null, null, null],
        [4, 4, 0, 1, 'active', null, null, null],
      ]);
      await decide(upper1[1]!, 3);
      expect(await table()).toEqual([
        [1, 1, 1, 0, 'active', null, null, null],
        [3, 2, 1, 0, 'active', null, null, null],
        [2, 3, 0, 1, 'active', null, null, null],
        [4, 4, 0, 1, 'active', null, null, null],
      ]);
      const lower1 = (await ready(stages.bracket)).find((s) => seedsOf(s).includes(4))!;
      expect(seedsOf(lower1)).toEqual([2, 4]);
      await decide(lower1, 4);
      const upperFinal = (await ready(stages.bracket)).find((s) => seedsOf(s).includes(1))!;
      expect(seedsOf(upperFinal)).toEqual([1, 3]);
      await decide(upperFinal, 1);
      const lowerFinal = (await ready(stages.bracket)).find((s) => seedsOf(s).includes(4))!;
      expect(seedsOf(lowerFinal)).toEqual([3, 4]);
      await decide(lowerFinal, 4);
      expect(await table()).toEqual([
        [1, 1, 2, 0, 'active', null, null, null],
        [4, 2, 2, 1, 'active', null, null, null],
        [3, 3, 1, 2, 'eliminated', 3, 3, '3'],
        [2, 4, 0, 2, 'eliminated', 4, 4, '4'],
      ]);
      // Each row is the segment's row of its roster, named as the roster is.
      const names = new Map((await db().select().from(rosters)).map((r) => [r.id, r.name]));
      expect(
        (await standings(mf)).data.map((r) => [
          r.id,
          r.attributes.roster.name,
          r.attributes.roster.displayName,
        ]),
      ).toEqual(
        [1, 4, 3, 2].map((n) => {
          const id = captains[n - 1]!.rosterId;
          return [`${mf}:${id}`, names.get(id), names.get(id)];
        }),
      );
    });

    it('a bracket with a bye: the bye is no win, a played match is', async () => {
      // Its own 3-team bracket (on a copy of the finals): seed 1 passes upper round 1 on a bye.
      const finals = (await copySegment(db(), 'monthly-finals', 'standings-bye-bracket')).id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${finals}/bracket`, {
        rosterIds: captains.slice(0, 3).map((c) => c.rosterId),
      });
      expect(created.statusCode, created.body).toBe(201);
      const stage = created.json().data.id as string;
      /** Per row: seed, rank, wins, losses, status. */
      const table = async () =>
        (await standings(finals)).data.map((r) =>
          r.type === 'bracket-standings'
            ? [
                seed(r.attributes.roster.id),
                r.attributes.rank,
                r.attributes.wins,
                r.attributes.losses,
                r.attributes.status,
              ]
            : r.type,
        );
      expect((await seriesOf(stage)).filter((s) => s.attributes.bye)).not.toHaveLength(0);
      expect(await table()).toEqual([
        [1, 1, 0, 0, 'active'],
        [2, 2, 0, 0, 'active'],
        [3, 3, 0, 0, 'active'],
      ]);
      const first = await ready(stage);
      expect(first.map(seedsOf)).toEqual([[2, 3]]);
      await decide(first[0]!, 2);
      expect(await table()).toEqual([
        [1, 1, 0, 0, 'active'],
        [2, 2, 1, 0, 'active'],
        [3, 3, 0, 1, 'active'],
      ]);
    });

    it('filter[user] keeps the rosters the user owns; 20 rows a page unless asked', async () => {
      const owned = await standings(mf, `?filter[user]=${captains[2]!.userId}`);
      expect(owned.data.map((r) => r.attributes.roster.id)).toEqual([captains[2]!.rosterId]);
      expect(owned.meta?.page).toEqual({ number: 1, size: 20, total: 1, totalPages: 1 });
      expect((await standings(mf)).meta?.page).toEqual({ number: 1, size: 20, total: 4, totalPages: 1 });
    });

    it('the swiss table stays at the last fully played round while the next one is played', async () => {
      const round1 = await ready(stages.swiss);
      expect(round1).toHaveLength(2);
      for (const series of round1) await decide(series, Math.min(...seedsOf(series)));
      const afterRound1 = (await standings(mq)).data;
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${mq}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      const round2 = (await ready(stages.swiss)).filter((s) => s.attributes.roundNumber === 2);
      expect(round2).toHaveLength(2);
      await decide(round2[0]!, Math.max(...seedsOf(round2[0]!)));
      const during = (await standings(mq)).data;
      expect(during).toEqual(afterRound1);
      // Round 1 only: the winners won 9-4, the losers lost 4-9.
      expect(
        during.map((r) => (r.type === 'swiss-standings' ? [r.id, r.attributes.starDifference] : r.type)),
      ).toEqual(during.map((r, index) => [`${mq}:${r.attributes.roster.id}`, index < 2 ? 5 : -5]));
      expect(
        during.map((r) =>
          r.type === 'swiss-standings' ? [r.attributes.roundNumber, r.attributes.wins] : r.type,
        ),
      ).toEqual([
        [1, 1],
        [1, 1],
        [1, 0],
        [1, 0],
      ]);
      await decide(round2[1]!, Math.max(...seedsOf(round2[1]!)));
      const after = (await standings(mq)).data;
      expect(after.map((r) => (r.type === 'swiss-standings' ? r.attributes.roundNumber : r.type))).toEqual([
        2, 2, 2, 2,
      ]);
      expect(after.map((r) => (r.type === 'swiss-standings' ? r.attributes.wins : r.type)).sort()).toEqual([
        0, 1, 1, 2,
      ]);
    });

    it('the finished swiss stage: complete in its info; its records clamp a later round and page', async () => {
      // Its own 2-round swiss stage (on a copy of the qualifier), played out: so it runs alone and in any order.
      const qualifier = (await copySegment(db(), 'monthly-qualifier', 'standings-finished-swiss')).id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${qualifier}/bracket`, {
        rosterIds: captains.map((c) => c.rosterId),
        rounds: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      const stage = created.json().data.id as string;
      const round1 = await ready(stage);
      expect(round1).toHaveLength(2);
      for (const series of round1) await decide(series, Math.min(...seedsOf(series)));
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${qualifier}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      const round2 = (await ready(stage)).filter((s) => s.attributes.roundNumber === 2);
      expect(round2).toHaveLength(2);
      for (const series of round2) await decide(series, Math.max(...seedsOf(series)));
      const info = (await call(ctx.app, null, 'GET', `${T}/segments/${qualifier}/bracket/info`)).json().data
        .attributes;
      expect(info.swiss).toEqual({
        mode: 'fixed',
        rounds: 2,
        wins: null,
        losses: null,
        maxRounds: 2,
        tiebreaks: DEFAULT_TIEBREAKS,
        currentRound: 2,
        complete: true,
      });
      expect(info.outcomes).toEqual([]);
      const records = async (query: string) =>
        (await call(ctx.app, null, 'GET', `${T}/segments/${qualifier}/swiss-records?${query}`)).json();
      const latest = await records('');
      expect(await records('filter[roundNumber]=9')).toEqual(latest);
      expect(
        latest.data.map((r: { attributes: { roundNumber: number } }) => r.attributes.roundNumber),
      ).toEqual([2, 2, 2, 2]);
      const page2 = await records('page[size]=2&page[number]=2');
      expect(page2.data).toEqual(latest.data.slice(2));
      expect(page2.meta.page).toEqual({ number: 2, size: 2, total: 4, totalPages: 2 });
      const named = latest.data[0].attributes.roster;
      const [stored] = await db().select().from(rosters).where(eq(rosters.id, named.id));
      expect(stored!.name).toMatch(/\S/);
      expect(named).toEqual({ id: stored!.id, name: stored!.name, displayName: stored!.name });
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);

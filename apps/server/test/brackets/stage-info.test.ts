import { API, bracketInfoDocument } from '@cwh/contract';
import { beforeAll, expect, it } from 'vitest';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, DEFAULT_TIEBREAKS, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * GET /segments/{id}/bracket/info and /swiss-records (brackets-read-service): when a swiss stage
 * is complete (its last round played, or fewer than two teams left to play in early exit), the
 * info of each format, every column of a swiss record up to a round, and the 404s. Each case runs
 * on its own copy of a seeded stage segment.
 */
describeEachDatabase(
  'brackets: stage info and swiss records',
  (ctx) => {
    let admin = '';
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      rosterIds = (
        await createCaptains(db(), {
          count: 4,
          offset: 8400,
          parentSegmentId: ladder.parentId,
          eventId: ladder.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      admin = (await createCallers(ctx)).tokens.admin!;
    });

    const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
    /** A stage on a fresh copy of the seeded segment `from`; its segment and stage ids. */
    const created = async (from: string, slug: string, attributes: Record<string, unknown>) => {
      const segment = await copySegment(db(), from, slug);
      const response = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket`, attributes);
      expect(response.statusCode, response.body).toBe(201);
      return { segmentId: segment.id, stageId: response.json().data.id as string };
    };
    const info = async (segmentId: string) => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segmentId}/bracket/info`);
      expect(response.statusCode, response.body).toBe(200);
      return bracketInfoDocument.parse(response.json()).data;
    };
    const seriesOf = async (stageId: string): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    const seed = (id: string) => rosterIds.indexOf(id) + 1;
    /** Every series still to play: the better seed wins 9 stars to 4, 90 % destruction to 40 %. */
    const playOpen = async (stageId: string) => {
      let played = 0;
      for (const s of await seriesOf(stageId)) {
        if (s.attributes.state !== 'scheduled' || !s.attributes.competitors.every((c) => c.roster)) continue;
        const [home, away] = s.attributes.competitors.map((c) => seed(c.roster!.id));
        const homeWins = home! < away!;
        const response = await call(
          ctx.app,
          admin,
          'PATCH',
          `${T}/match-series/${s.id}/relationships/matches/results`,
          {
            homeStars: homeWins ? 9 : 4,
            awayStars: homeWins ? 4 : 9,
            homeDestruction: homeWins ? 90 : 40,
            awayDestruction: homeWins ? 40 : 90,
            reason: 'war log',
          },
        );
        expect(response.statusCode, response.body).toBe(200);
        played++;
      }
      return played;
    };
    const records = async (segmentId: string, query = '') => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segmentId}/swiss-records${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        data: { id: string; attributes: Record<string, unknown> & { roster: { id: string } } }[];
        meta: { page: Record<string, number> };
      };
    };

    it('a fixed swiss stage: its info before and after its only round', async () => {
      const { segmentId, stageId } = await created('monthly-qualifier', 'info-fixed', {
        rosterIds: rosterIds.slice(0, 2),
      });
      const before = await info(segmentId);
      expect(before).toEqual({
        id: stageId,
        type: 'brackets',
        attributes: {
          segment: { id: segmentId },
          format: 'swiss',
          teams: [
            { rosterId: rosterIds[0], seed: 1 },
            { rosterId: rosterIds[1], seed: 2 },
          ],
          startsAt: iso(ctx.now),
          createdAt: iso(ctx.now),
          swiss: {
            mode: 'fixed',
            rounds: 1,
            wins: null,
            losses: null,
            maxRounds: 1,
            tiebreaks: DEFAULT_TIEBREAKS,
            currentRound: 1,
            // Its one round is created but not played.
            complete: false,
          },
          doubleElimination: null,
          outcomes: [],
        },
      });
      expect(await playOpen(stageId)).toBe(1);
      expect((await info(segmentId)).attributes.swiss).toMatchObject({ currentRound: 1, complete: true });
    });

    it('an early-exit stage is complete once fewer than two teams can still play, before its last possible round', async () => {
      // 3 teams, 1 win or 2 losses: the bye and the winner are through after round 1, the loser alone.
      const three = await created('monthly-qualifier', 'info-exit-3', {
        rosterIds: rosterIds.slice(0, 3),
        wins: 1,
        losses: 2,
        tiebreaks: ['seed'],
      });
      expect(await playOpen(three.stageId)).toBe(1);
      expect((await info(three.segmentId)).attributes.swiss).toEqual({
        mode: 'early_exit',
        rounds: null,
        wins: 1,
        losses: 2,
        maxRounds: 2,
        tiebreaks: ['seed'],
        currentRound: 1,
        complete: true,
      });
      // 4 teams: the two losers of round 1 still play each other.
      const four = await created('monthly-qualifier', 'info-exit-4', {
        rosterIds,
        wins: 1,
        losses: 2,
      });
      expect(await playOpen(four.stageId)).toBe(2);
      expect((await info(four.segmentId)).attributes.swiss).toMatchObject({
        maxRounds: 2,
        currentRound: 1,
        complete: false,
      });
    });

    it('a double-elimination stage: its info from the first match to the champion', async () => {
      const { segmentId } = await created('monthly-finals', 'info-bracket', {
        rosterIds: rosterIds.slice(0, 3),
      });
      const first = await info(segmentId);
      expect(first.attributes.swiss).toBeNull();
      expect(first.attributes.doubleElimination).toEqual({
        upperRounds: 2,
        lowerRounds: 2,
        matches: 7,
        playedMatches: 0,
        championRosterId: null,
        complete: false,
        placements: [],
      });
      const stageId = first.id;
      for (let round = 0; round < 6 && (await playOpen(stageId)) > 0; round++);
      expect((await info(segmentId)).attributes.doubleElimination).toEqual({
        upperRounds: 2,
        lowerRounds: 2,
        matches: 7,
        playedMatches: 4,
        championRosterId: rosterIds[0],
        complete: true,
        placements: [
          { rosterId: rosterIds[0], placement: 1, placementTo: 1, label: '1' },
          { rosterId: rosterIds[1], placement: 2, placementTo: 2, label: '2' },
          { rosterId: rosterIds[2], placement: 3, placementTo: 3, label: '3' },
        ],
      });

      // Once advanced, the info names each team's outcome, where it goes and its ticket.
      const next = await copySegment(db(), 'championship-finals', 'info-bracket-next');
      const advanced = await call(ctx.app, admin, 'POST', `${T}/segments/${segmentId}/advance`, {
        rules: [
          { nextSegmentId: next.id, placements: [1], ticket: 'golden' },
          { nextSegmentId: next.id, placements: [2] },
        ],
      });
      expect(advanced.statusCode, advanced.body).toBe(200);
      expect((await info(segmentId)).attributes.outcomes).toEqual([
        { rosterId: rosterIds[0], outcome: 'qualified', nextSegment: { id: next.id }, ticket: 'golden' },
        { rosterId: rosterIds[1], outcome: 'qualified', nextSegment: { id: next.id }, ticket: null },
        { rosterId: rosterIds[2], outcome: 'eliminated', nextSegment: null, ticket: null },
      ]);
    });

    it('swiss records: every column after a round with a bye, the standings before it, a page', async () => {
      const { segmentId, stageId } = await created('monthly-qualifier', 'info-records', {
        rosterIds: rosterIds.slice(0, 3),
        rounds: 2,
      });
      expect(await playOpen(stageId)).toBe(1);
      const after = await records(segmentId);
      // Seed 3 had the bye (a win without stars); seed 1 beat seed 2, whose Buchholz is lower.
      expect(after.data.map((r) => r.id)).toEqual(
        [rosterIds[2], rosterIds[0], rosterIds[1]].map((id) => `${stageId}:${id}`),
      );
      const { roster, ...columns } = after.data[1]!.attributes;
      expect(roster).toEqual({ id: rosterIds[0], name: 'Sim Clan 8400', displayName: 'Sim Clan 8400' });
      expect(columns).toEqual({
        roundNumber: 1,
        rank: 2,
        seed: 1,
        record: '1-0',
        wins: 1,
        losses: 0,
        draws: 0,
        byes: 0,
        matchPoints: 3,
        buchholz: -1,
        headToHead: 0,
        starsFor: 9,
        starsAgainst: 4,
        destructionFor: 90,
        destructionAgainst: 40,
        status: 'active',
      });
      expect(after.data.map((r) => [r.attributes.record, r.attributes.byes, r.attributes.starsFor])).toEqual([
        ['1-0', 1, 0],
        ['1-0', 0, 9],
        ['0-1', 0, 4],
      ]);
      const before = await records(segmentId, '?filter[roundNumber]=0');
      expect(
        before.data.map((r) => [r.attributes.roundNumber, r.attributes.record, r.attributes.byes]),
      ).toEqual([
        [0, '0-0', 0],
        [0, '0-0', 0],
        [0, '0-0', 0],
      ]);
      const page = await records(segmentId, '?page[size]=1&page[number]=3');
      expect(page.data).toEqual(after.data.slice(2));
      expect(page.meta.page).toEqual({ number: 3, size: 1, total: 3, totalPages: 3 });
      // A round not played yet is clamped to the last one played, also while the next is under way.
      expect(await records(segmentId, '?filter[roundNumber]=2')).toEqual(after);
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${segmentId}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      expect(await records(segmentId)).toEqual(after);
      expect((await info(segmentId)).attributes.swiss).toMatchObject({ currentRound: 2, complete: false });
    });

    it('answers 404 for a segment without a stage, and for the records of a double-elimination stage', async () => {
      const bare = await copySegment(db(), 'monthly-qualifier', 'info-bare');
      for (const path of ['bracket/info', 'swiss-records']) {
        const response = await call(ctx.app, null, 'GET', `${T}/segments/${bare.id}/${path}`);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().errors[0].detail).toBe('This segment has no bracket yet');
      }
      const { segmentId } = await created('monthly-finals', 'info-no-records', {
        rosterIds: rosterIds.slice(0, 2),
      });
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segmentId}/swiss-records`);
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].detail).toBe('This segment is not a swiss stage');
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);

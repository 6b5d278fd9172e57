import { API, bracketInfoDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rosters } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment } from './stage-fixtures.js';

const T = API.tournaments;

interface SeriesJson {
  id: string;
  attributes: {
    date: string;
    state: string;
    bye: boolean;
    roundNumber: number | null;
    competitors: { roster: { id: string } | null }[];
  };
}

/**
 * Creating a stage (POST /segments/{id}/bracket) with the organizer's options: the format against
 * the segment's, the swiss defaults (rounds for the field, early-exit wins and losses), the start
 * date; and the swiss rounds after it (a withdrawn team is paired no more, the next round's date,
 * a reset of round 1). Each case runs on its own copy of a seeded stage segment.
 */
describeEachDatabase(
  'brackets: creating a stage and its next rounds',
  (ctx) => {
    let admin = '';
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      rosterIds = (
        await createCaptains(db(), {
          count: 5,
          offset: 8300,
          parentSegmentId: ladder.parentId,
          eventId: ladder.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      admin = (await createCallers(ctx)).tokens.admin!;
    });

    const create = (segmentId: string, attributes: Record<string, unknown>) =>
      call(ctx.app, admin, 'POST', `${T}/segments/${segmentId}/bracket`, attributes);
    /** Creates the stage on a fresh copy of the seeded segment `from`; answers its info. */
    const created = async (from: string, slug: string, attributes: Record<string, unknown>) => {
      const segment = await copySegment(db(), from, slug);
      const response = await create(segment.id, attributes);
      expect(response.statusCode, response.body).toBe(201);
      return { segment, info: bracketInfoDocument.parse(response.json()).data };
    };
    const seriesOf = async (stageId: string): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

    it('refuses a format other than a stage segment its own; a ladder segment takes the format asked for', async () => {
      const finals = await copySegment(db(), 'monthly-finals', 'setup-format');
      const swissOnFinals = await create(finals.id, { rosterIds, format: 'swiss' });
      expect(swissOnFinals.statusCode).toBe(400);
      expect(swissOnFinals.json().errors[0]).toMatchObject({
        detail: 'This segment is double_elimination',
        source: { pointer: '/data/attributes/format' },
      });
      const same = await create(finals.id, {
        rosterIds: rosterIds.slice(0, 4),
        format: 'double_elimination',
      });
      expect(same.statusCode, same.body).toBe(201);
      expect(same.json().data.attributes.format).toBe('double_elimination');

      const { info } = await created('open-qualifier', 'setup-ladder', {
        rosterIds: rosterIds.slice(0, 4),
        format: 'swiss',
      });
      expect(info.attributes.format).toBe('swiss');
      expect(info.attributes.swiss).toMatchObject({ mode: 'fixed', rounds: 2 });
    });

    it('swiss defaults: rounds for the field (at least 1), 3 wins or losses unless given, the tiebreaks asked for', async () => {
      const two = await created('monthly-qualifier', 'setup-two', { rosterIds: rosterIds.slice(0, 2) });
      expect(two.info.attributes.swiss).toMatchObject({ mode: 'fixed', rounds: 1, wins: null, losses: null });
      const five = await created('monthly-qualifier', 'setup-five', { rosterIds });
      expect(five.info.attributes.swiss).toMatchObject({ mode: 'fixed', rounds: 3 });
      const wins = await created('monthly-qualifier', 'setup-wins', {
        rosterIds: rosterIds.slice(0, 4),
        wins: 2,
        tiebreaks: ['buchholz', 'matchPoints'],
      });
      expect(wins.info.attributes.swiss).toMatchObject({
        mode: 'early_exit',
        rounds: null,
        wins: 2,
        losses: 3,
        tiebreaks: ['buchholz', 'matchPoints'],
      });
      const losses = await created('monthly-qualifier', 'setup-losses', {
        rosterIds: rosterIds.slice(0, 4),
        losses: 1,
      });
      expect(losses.info.attributes.swiss).toMatchObject({ mode: 'early_exit', wins: 3, losses: 1 });
    });

    it("starts at the organizer's date, else at the segment's start when it is later than now, else now", async () => {
      const later = await created('monthly-finals', 'setup-later', { rosterIds: rosterIds.slice(0, 4) });
      expect(later.segment.dateFrom.getTime()).toBeGreaterThan(ctx.now.getTime());
      expect(later.info.attributes.startsAt).toBe(iso(later.segment.dateFrom));
      const running = await created('monthly-qualifier', 'setup-running', {
        rosterIds: rosterIds.slice(0, 4),
      });
      expect(running.segment.dateFrom.getTime()).toBeLessThan(ctx.now.getTime());
      expect(running.info.attributes.startsAt).toBe(iso(ctx.now));
      expect((await seriesOf(running.info.id)).map((s) => s.attributes.date)).toEqual([
        iso(ctx.now),
        iso(ctx.now),
      ]);
      const chosen = await created('monthly-qualifier', 'setup-chosen', {
        rosterIds: rosterIds.slice(0, 4),
        startsAt: '2026-04-01T10:00:00Z',
      });
      expect(chosen.info.attributes.startsAt).toBe('2026-04-01T10:00:00Z');
      expect(new Set((await seriesOf(chosen.info.id)).map((s) => s.attributes.date))).toEqual(
        new Set(['2026-04-01T10:00:00Z']),
      );
    });

    it('refuses a stage without two rosters to seed (NOT_ENOUGH_ROSTERS)', async () => {
      // No parent stage: nobody is locked for it, and nobody advanced into it.
      const orphan = await copySegment(db(), 'monthly-finals', 'setup-orphan', { parentId: null });
      const refused = await create(orphan.id, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({
        detail: 'A bracket needs at least two locked rosters',
        meta: { reason: 'NOT_ENOUGH_ROSTERS' },
      });
    });

    it('the next swiss round pairs no withdrawn team, 15 minutes after it was started at the earliest', async () => {
      const { segment, info } = await created('monthly-qualifier', 'setup-rounds', {
        rosterIds: rosterIds.slice(0, 4),
        rounds: 3,
      });
      for (const series of await seriesOf(info.id)) {
        const response = await call(
          ctx.app,
          admin,
          'PATCH',
          `${T}/match-series/${series.id}/relationships/matches/results`,
          { homeStars: 9, awayStars: 4, reason: 'war log' },
        );
        expect(response.statusCode, response.body).toBe(200);
      }
      const withdrawn = rosterIds[3]!;
      await db().update(rosters).set({ withdrawnAt: ctx.now }).where(eq(rosters.id, withdrawn));
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      const round2 = (await seriesOf(info.id)).filter((s) => s.attributes.roundNumber === 2);
      const paired = round2.flatMap((s) =>
        s.attributes.competitors.flatMap((c) => (c.roster ? [c.roster.id] : [])),
      );
      expect(paired.sort()).toEqual(rosterIds.slice(0, 3).sort());
      expect(round2.filter((s) => s.attributes.bye)).toHaveLength(1);
      expect(new Set(round2.map((s) => s.attributes.date))).toEqual(
        new Set([iso(new Date(ctx.now.getTime() + 15 * 60_000))]),
      );
    });

    it('resets round 1 while unplayed (its bye aside); then there is no round to reset (NO_ROUND), and no stage is 404', async () => {
      // Three teams: round 1 holds a finished bye, which is no result.
      const { segment } = await created('monthly-qualifier', 'setup-reset', {
        rosterIds: rosterIds.slice(0, 3),
      });
      const reset = () => call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds/reset`);
      const first = await reset();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.attributes.swiss.currentRound).toBe(0);
      const again = await reset();
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({
        detail: 'No round to reset',
        meta: { reason: 'NO_ROUND' },
      });

      const bare = await copySegment(db(), 'monthly-qualifier', 'setup-bare');
      for (const path of ['bracket/rounds', 'bracket/rounds/reset']) {
        const response = await call(ctx.app, admin, 'POST', `${T}/segments/${bare.id}/${path}`);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().errors[0].detail).toBe('This segment has no bracket yet');
      }
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);

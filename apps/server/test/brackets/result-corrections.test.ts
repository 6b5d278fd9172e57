import { API, matchSeriesResultPreviewDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type Callers, call, expectedStatus, ORGANIZERS, ROLES } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { copySegment, type SeriesJson, stageField, stageSeries } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * Corrections after the stage moved on (issue #31): the preview call says which later series a
 * correction resets, the results call refuses without `resetLater` and with it resets exactly those
 * (bracket: their results go, swiss: the later rounds go), in one transaction with its log entry.
 */
describeEachDatabase(
  'result corrections with a reset of later matches',
  (ctx) => {
    let callers: Callers;
    let admin = '';
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      ({ callers, admin, rosterIds } = await stageField(ctx, { count: 8, offset: 9700 }));
    });

    const seriesOf = (stageId: string, query = '') => stageSeries(ctx, stageId, query);
    const ready = (list: SeriesJson[]) =>
      list.filter(
        (s) => s.attributes.state === 'scheduled' && s.attributes.competitors.every((c) => c.roster),
      );
    const war = (id: string, home: number, away: number) =>
      ctx.app.ladder.finishSeries({ matchSeriesId: id, stars: { home, away } });
    const results = (token: string | null, id: string, attributes: Record<string, unknown>) =>
      call(ctx.app, token, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, attributes);
    const preview = (token: string | null, id: string, attributes: Record<string, unknown>) =>
      call(ctx.app, token, 'POST', `${T}/match-series/${id}/results/preview`, attributes);
    const auditOf = (id: string) => db().select().from(activityLog).where(eq(activityLog.targetId, id));
    const rosterOf = (s: SeriesJson, side: 0 | 1) => s.attributes.competitors[side]!.roster!.id;
    const byId = (list: SeriesJson[], id: string) => list.find((s) => s.id === id)!;

    /** A 4-team bracket on a copy of the finals: U1-1, U1-2, then U2-1 and L1-1 played by wars. */
    async function playedBracket(slug: string) {
      const segment = (await copySegment(db(), 'monthly-finals', slug)).id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, {
        rosterIds: rosterIds.slice(0, 4),
      });
      expect(created.statusCode, created.body).toBe(201);
      const stage = created.json().data.id as string;
      const [u11, u12] = ready(await seriesOf(stage));
      for (const s of [u11!, u12!]) await war(s.id, 9, 4);
      const next = ready(await seriesOf(stage));
      expect(next).toHaveLength(2);
      for (const s of next) await war(s.id, 9, 4);
      return { stage, first: u11!, later: next.map((s) => s.id) };
    }

    describe('double elimination', () => {
      it('previews the later matches, refuses without the confirmation, and resets exactly them with it', async () => {
        const { stage, first, later } = await playedBracket('correction-reset');
        const flip = { homeStars: 2, awayStars: 9 };
        const shown = await preview(callers.tokens.organizer, first.id, flip);
        expect(shown.statusCode, shown.body).toBe(200);
        const plan = matchSeriesResultPreviewDocument.parse(shown.json()).data.attributes;
        expect(plan.corrected).toBe(true);
        expect(plan.resets.map((r) => r.matchSeriesId).sort()).toEqual([...later].sort());
        expect(plan.resets.every((r) => r.home !== null && r.away !== null && r.state === 'finished')).toBe(
          true,
        );
        // The preview wrote nothing.
        expect(await auditOf(first.id)).toEqual([]);

        const refused = await results(admin, first.id, { ...flip, reason: 'wrong side' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors[0].meta).toMatchObject({
          reason: 'BRACKET_RESULT_LOCKED',
          resetMatchSeriesIds: expect.arrayContaining(later),
        });
        expect(byId(await seriesOf(stage), later[0]!).attributes.state).toBe('finished');

        const done = await results(admin, first.id, { ...flip, reason: 'wrong side', resetLater: true });
        expect(done.statusCode, done.body).toBe(200);
        const answer = done.json().data.attributes;
        expect(answer).toMatchObject({ corrected: true, winnerRosterId: rosterOf(first, 1) });
        expect([...answer.resetMatchSeriesIds].sort()).toEqual([...later].sort());
        const after = await seriesOf(stage);
        for (const id of later) {
          const s = byId(after, id);
          expect(s.attributes.state).toBe('scheduled');
          expect(s.attributes.competitors.map((c) => c.placement)).toEqual([null, null]);
        }
        // The new winner of the first match now holds its place in the next upper match.
        const holders = after
          .filter((s) => later.includes(s.id))
          .flatMap((s) => s.attributes.competitors.map((c) => c.roster?.id));
        expect(holders).toContain(rosterOf(first, 1));
        const logged = (await auditOf(first.id)).find((e) => e.action === 'match-series.results.correct')!;
        expect((logged.after as { resetMatchSeriesIds: string[] }).resetMatchSeriesIds.sort()).toEqual(
          [...later].sort(),
        );
      });

      it('a correction with nothing played later resets nothing (preview empty, no confirmation needed)', async () => {
        const segment = (await copySegment(db(), 'monthly-finals', 'correction-plain')).id;
        const created = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, {
          rosterIds: rosterIds.slice(0, 4),
        });
        const first = ready(await seriesOf(created.json().data.id))[0]!;
        await war(first.id, 9, 4);
        const shown = await preview(admin, first.id, { homeStars: 1, awayStars: 9 });
        expect(shown.json().data.attributes).toMatchObject({
          corrected: true,
          resets: [],
          removedRounds: [],
        });
        const done = await results(admin, first.id, { homeStars: 1, awayStars: 9, reason: 'typo' });
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json().data.attributes.resetMatchSeriesIds).toEqual([]);
      });
    });

    describe('swiss', () => {
      it('correcting round 1 once round 2 started removes round 2 with its results, and the round is paired again', async () => {
        const segment = (await copySegment(db(), 'monthly-qualifier', 'correction-swiss')).id;
        const created = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, {
          rosterIds: rosterIds.slice(0, 8),
          rounds: 3,
        });
        expect(created.statusCode, created.body).toBe(201);
        const stage = created.json().data.id as string;
        const round1 = (await seriesOf(stage, '&filter[roundNumber]=1')).filter((s) => !s.attributes.bye);
        for (const s of round1) await war(s.id, 9, 3);
        expect(
          (await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket/rounds`)).statusCode,
        ).toBe(201);
        const round2 = await seriesOf(stage, '&filter[roundNumber]=2');
        await war(round2.find((s) => !s.attributes.bye)!.id, 9, 3);
        const target = round1[0]!;
        const shown = await preview(callers.tokens.organizer, target.id, { homeStars: 3, awayStars: 9 });
        expect(shown.json().data.attributes.removedRounds).toEqual([2]);
        expect(
          shown
            .json()
            .data.attributes.resets.map((r: { matchSeriesId: string }) => r.matchSeriesId)
            .sort(),
        ).toEqual(round2.map((s) => s.id).sort());
        const refused = await results(admin, target.id, { homeStars: 3, awayStars: 9, reason: 'late' });
        expect(refused.json().errors[0].meta.reason).toBe('ROUND_CLOSED');
        const done = await results(admin, target.id, {
          homeStars: 3,
          awayStars: 9,
          reason: 'screenshots showed the other way',
          resetLater: true,
        });
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json().data.attributes.removedRounds).toEqual([2]);
        expect(await seriesOf(stage, '&filter[roundNumber]=2')).toEqual([]);
        const again = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket/rounds`);
        expect(again.statusCode, again.body).toBe(201);
      });
    });

    describe('POST /match-series/{id}/results/preview: role × action', () => {
      let target = '';
      beforeAll(async () => {
        target = (await playedBracket('correction-roles')).first.id;
      });
      it.each(ROLES)('as %s', async (role) => {
        const response = await preview(callers.tokens[role], target, { homeStars: 0, awayStars: 9 });
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
        if (response.statusCode === 200) expect(response.json().data.attributes.resets).toHaveLength(2);
        expect(await auditOf(target)).toEqual([]);
      });

      it('refuses an unknown series (404) and a bad body (400)', async () => {
        const unknown = await preview(admin, '00000000-0000-4000-8000-000000000078', {
          homeStars: 1,
          awayStars: 0,
        });
        expect(unknown.statusCode).toBe(404);
        for (const body of [
          { homeStars: 1 },
          { homeStars: 1, awayStars: 0, reason: 'x' },
          { homeStars: -1, awayStars: 0 },
        ]) {
          expect((await preview(admin, target, body)).statusCode).toBe(400);
        }
      });
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);

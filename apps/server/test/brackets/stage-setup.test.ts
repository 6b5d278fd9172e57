import { API, bracketInfoDocument } from '@cwh/contract';
import { previewFirstRound } from '@cwh/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { competitionRounds, pickbanChallenges, rosters } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import type { Notice } from '../../src/features/ladder/ladder-notices.js';
import { type Callers, call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

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
    let callers: Callers;
    let captains: Captain[] = [];
    let rosterIds: string[] = [];
    let parentId = '';
    /** The pick-and-ban notices the app sends (to the captains' sockets). */
    const told: Notice[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      parentId = ladder.parentId;
      captains = await createCaptains(db(), {
        count: 5,
        offset: 8300,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      callers = await createCallers(ctx);
      admin = callers.tokens.admin!;
      const deps = ctx.app.pickban.deps;
      const notify = deps.notify;
      deps.notify = (notices) => {
        told.push(...notices);
        notify(notices);
      };
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
    /** Four of the five rosters (the fourth left out, as the withdrawal case withdraws it while it runs). */
    const playing = () => [0, 1, 2, 4].map((i) => rosterIds[i]!);
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
      // A double-elimination stage: its whole bracket of 4 teams (3 upper, 2 lower, the grand final
      // and its reset) and no swiss pairing, the first matches at its start.
      expect(later.info.attributes.swiss).toBeNull();
      const bracket = await seriesOf(later.info.id);
      expect(bracket.map((s) => s.attributes.bracket ?? 'final').sort()).toEqual([
        'final',
        'final',
        'lower',
        'lower',
        'upper',
        'upper',
        'upper',
      ]);
      expect(bracket[0]!.attributes.date).toBe(iso(later.segment.dateFrom));
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

    it('opens with the first round the console previews (previewFirstRound), swiss and double elimination', async () => {
      const pairsOf = (series: SeriesJson[]) =>
        series
          .filter(
            (s) => s.attributes.competitors.length === 2 && s.attributes.competitors.every((c) => c.roster),
          )
          .map((s) => s.attributes.competitors.map((c) => c.roster!.id).join(' v '))
          .sort();
      const previewPairs = (format: 'swiss' | 'double_elimination', segmentId: string, order: string[]) =>
        previewFirstRound({ format, segmentId, rosterIds: order })
          .filter((p) => p.home && p.away)
          .map((p) => `${p.home!.rosterId} v ${p.away!.rosterId}`)
          .sort();
      // An order that is not the placement order: the preview follows the organizer's seeds.
      const swissOrder = [...rosterIds].reverse();
      const swiss = await created('monthly-qualifier', 'setup-preview-swiss', { rosterIds: swissOrder });
      const swissSeries = await seriesOf(swiss.info.id);
      expect(pairsOf(swissSeries)).toEqual(previewPairs('swiss', swiss.segment.id, swissOrder));
      const bye = previewFirstRound({
        format: 'swiss',
        segmentId: swiss.segment.id,
        rosterIds: swissOrder,
      }).find((p) => !p.away);
      expect(swissSeries.find((s) => s.attributes.bye)?.attributes.competitors[0]?.roster?.id).toBe(
        bye?.home?.rosterId,
      );
      const finalOrder = [rosterIds[3]!, rosterIds[0]!, rosterIds[2]!, rosterIds[1]!];
      const final = await created('monthly-finals', 'setup-preview-final', { rosterIds: finalOrder });
      expect(pairsOf(await seriesOf(final.info.id))).toEqual(
        previewPairs('double_elimination', final.segment.id, finalOrder),
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
      let next: Awaited<ReturnType<typeof call>>;
      try {
        next = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds`);
      } finally {
        // Back in the event once the round is made: the other cases seed all five rosters.
        await db().update(rosters).set({ withdrawnAt: null }).where(eq(rosters.id, withdrawn));
      }
      expect(next.statusCode, next.body).toBe(201);
      const round2 = (await seriesOf(info.id)).filter((s) => s.attributes.roundNumber === 2);
      const paired = round2.flatMap((s) =>
        s.attributes.competitors.flatMap((c) => (c.roster ? [c.roster.id] : [])),
      );
      expect(paired.sort()).toEqual(rosterIds.slice(0, 3).sort());
      expect(round2.filter((s) => s.attributes.bye)).toHaveLength(1);
      // The stored pairing input names the team dropped; round 1's, with nobody withdrawn, names none.
      const inputs = await db()
        .select({ roundNumber: competitionRounds.roundNumber, input: competitionRounds.input })
        .from(competitionRounds)
        .where(eq(competitionRounds.stageId, info.id))
        .orderBy(competitionRounds.roundNumber);
      expect(inputs.map((r) => [r.roundNumber, 'dropped' in r.input, r.input.dropped])).toEqual([
        [1, false, undefined],
        [2, true, [withdrawn]],
      ]);
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

    it('names what is wrong with a stage asked for', async () => {
      const segment = await copySegment(db(), 'monthly-qualifier', 'setup-refusals');
      for (const [attributes, pointer, detail] of [
        [{ rosterIds: [rosterIds[0], rosterIds[1], rosterIds[0]] }, 'rosterIds', 'A roster is listed twice'],
        [
          { rosterIds: [rosterIds[0], '00000000-0000-4000-8000-000000000009'] },
          'rosterIds',
          'Roster 00000000-0000-4000-8000-000000000009 is not a locked roster of this stage',
        ],
        [
          { rosterIds: playing(), rounds: 2, losses: 2 },
          'rounds',
          'Give either a number of rounds or early-exit wins and losses, not both',
        ],
      ] as const) {
        const refused = await create(segment.id, attributes);
        expect(refused.statusCode, JSON.stringify(attributes)).toBe(400);
        expect(refused.json().errors[0]).toMatchObject({
          code: 'VALIDATION_FAILED',
          detail,
          source: { pointer: `/data/attributes/${pointer}` },
        });
      }
      const ladder = await copySegment(db(), 'open-qualifier', 'setup-no-format');
      const noBracket = await create(ladder.id, { rosterIds: playing() });
      expect(noBracket.statusCode).toBe(409);
      expect(noBracket.json().errors[0]).toMatchObject({
        detail: 'A ladder segment has no bracket',
        meta: { reason: 'NOT_A_BRACKET_SEGMENT' },
      });
      expect((await create(segment.id, { rosterIds: playing() })).statusCode).toBe(201);
      const twice = await create(segment.id, { rosterIds: playing() });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().errors[0]).toMatchObject({
        detail: 'This segment already has a bracket',
        meta: { reason: 'BRACKET_EXISTS' },
      });
      // A segment that has its bracket says so before looking at the rest of the body.
      const twiceListed = await create(segment.id, { rosterIds: [rosterIds[0], rosterIds[0]] });
      expect(twiceListed.statusCode).toBe(409);
      expect(twiceListed.json().errors[0]).toMatchObject({ meta: { reason: 'BRACKET_EXISTS' } });
      const early = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds`);
      expect(early.statusCode).toBe(409);
      expect(early.json().errors[0]).toMatchObject({
        detail: 'Every match of the current round must be finished first',
        meta: { reason: 'ROUND_NOT_FINISHED' },
      });
      const [first] = await seriesOf(
        (await call(ctx.app, null, 'GET', `${T}/segments/${segment.id}/bracket/info`)).json().data.id,
      );
      const entered = await call(
        ctx.app,
        admin,
        'PATCH',
        `${T}/match-series/${first!.id}/relationships/matches/results`,
        { homeStars: 9, awayStars: 4, reason: 'war log' },
      );
      expect(entered.statusCode, entered.body).toBe(200);
      const reset = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds/reset`);
      expect(reset.statusCode).toBe(409);
      expect(reset.json().errors[0]).toMatchObject({
        detail: 'A match of this round already has a result',
        meta: { reason: 'ROUND_HAS_RESULTS' },
      });
      const finals = await copySegment(db(), 'monthly-finals', 'setup-not-swiss');
      expect((await create(finals.id, { rosterIds: playing() })).statusCode).toBe(201);
      for (const path of ['bracket/rounds', 'bracket/rounds/reset']) {
        const response = await call(ctx.app, admin, 'POST', `${T}/segments/${finals.id}/${path}`);
        expect(response.statusCode, path).toBe(409);
        expect(response.json().errors[0]).toMatchObject({
          detail: 'Only a swiss stage has rounds',
          meta: { reason: 'NOT_SWISS' },
        });
      }
    });

    it('seeds the locked rosters by placement without a list: as many as asked, else the whole field', async () => {
      const locked = await db()
        .select({ id: rosters.id })
        .from(rosters)
        .where(
          and(eq(rosters.segmentId, parentId), isNotNull(rosters.confirmedAt), isNull(rosters.withdrawnAt)),
        );
      expect(locked.length).toBeGreaterThan(3);
      const all = await created('monthly-qualifier', 'setup-seeded-all', {});
      const teams = all.info.attributes.teams;
      expect(teams.map((t) => t.seed)).toEqual(teams.map((_, index) => index + 1));
      expect(teams.map((t) => t.rosterId).sort()).toEqual(locked.map((r) => r.id).sort());
      const three = await created('monthly-qualifier', 'setup-seeded-three', { size: 3 });
      expect(three.info.attributes.teams).toEqual(teams.slice(0, 3));
      const bracket = await created('monthly-finals', 'setup-seeded-bracket', {});
      expect(bracket.info.attributes.teams).toEqual(teams.slice(0, Math.min(8, teams.length)));
    });

    it('a next round of a stage that starts later is dated at its start', async () => {
      const startsAt = '2026-05-01T18:00:00Z';
      const { segment, info } = await created('monthly-qualifier', 'setup-later-rounds', {
        rosterIds: playing(),
        rounds: 2,
        startsAt,
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
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      const round2 = (await seriesOf(info.id)).filter((s) => s.attributes.roundNumber === 2);
      expect(round2.map((s) => s.attributes.date)).toEqual([startsAt, startsAt]);
    });

    it("a stage's series and its next round's get their check-in deadlines and their pick and ban, told to the captains", async () => {
      const P = API.pickban;
      const organizer = callers.tokens.organizer!;
      const category = await call(ctx.app, organizer, 'POST', `${P}/categories`, {
        eventId: callers.eventId,
        name: 'Setup rules',
        sortOrder: 1,
      });
      expect(category.statusCode, category.body).toBe(201);
      const categoryId = category.json().data.id;
      for (const n of [1, 2, 3]) {
        const item = await call(ctx.app, organizer, 'POST', `${P}/items`, {
          categoryId,
          name: `Setup rule ${n}`,
          sortOrder: n,
        });
        expect(item.statusCode, item.body).toBe(201);
      }
      const segment = await copySegment(db(), 'monthly-qualifier', 'setup-veto');
      const veto = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segment.id}/veto`, {
        categoryId,
        steps: [
          { action: 'ban', count: 1 },
          { action: 'pick', count: 1 },
        ],
        starter: 'higher_seed',
        turnSeconds: 60,
      });
      expect(veto.statusCode, veto.body).toBe(200);
      /** Per series of the round: its deadline jobs, whether its pick and ban is open, who was told. */
      const roundOf = async (stageId: string, roundNumber: number) => {
        const series = (await seriesOf(stageId)).filter((s) => s.attributes.roundNumber === roundNumber);
        return Promise.all(
          series.map(async (s) => {
            const result = await db().execute(
              sql`select name from pgboss.job where singleton_key like ${`${s.id}@%`} order by name`,
            );
            const rows = (
              Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows
            ) as {
              name: string;
            }[];
            const challenges = await db()
              .select()
              .from(pickbanChallenges)
              .where(eq(pickbanChallenges.matchSeriesId, s.id));
            const owners = s.attributes.competitors.map(
              (c) => captains.find((k) => k.rosterId === c.roster?.id)?.userId ?? null,
            );
            const toldTo = told
              .filter((n) => (n.data as { matchSeries?: { id: string } }).matchSeries?.id === s.id)
              .map((n) => n.userId);
            return {
              bye: s.attributes.bye,
              jobs: rows.map((r) => r.name),
              challenges: challenges.length,
              told: [...new Set(toldTo)].sort(),
              owners: owners.filter((o) => o !== null).sort(),
            };
          }),
        );
      };
      told.length = 0;
      const stage = await create(segment.id, { rosterIds: rosterIds.slice(0, 3), rounds: 2 });
      expect(stage.statusCode, stage.body).toBe(201);
      const stageId = stage.json().data.id;
      const expectRound = async (roundNumber: number) => {
        const rows = await roundOf(stageId, roundNumber);
        expect(rows.map((r) => r.bye).sort()).toEqual([false, true]);
        for (const row of rows) {
          if (row.bye) {
            expect(row).toMatchObject({ jobs: [], challenges: 0, told: [] });
          } else {
            expect(row.jobs).toEqual(['checkins.match-start', 'checkins.no-show']);
            expect(row.challenges).toBe(1);
            expect(row.owners).toHaveLength(2);
            expect(row.told).toEqual(row.owners);
          }
        }
      };
      await expectRound(1);
      const played = (await seriesOf(stageId)).find((s) => !s.attributes.bye)!;
      const entered = await call(
        ctx.app,
        admin,
        'PATCH',
        `${T}/match-series/${played.id}/relationships/matches/results`,
        { homeStars: 9, awayStars: 4, reason: 'war log' },
      );
      expect(entered.statusCode, entered.body).toBe(200);
      told.length = 0;
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      await expectRound(2);
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);

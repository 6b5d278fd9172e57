import { API, bracketInfoDocument } from '@cwh/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { competitionRounds } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, DEFAULT_TIEBREAKS, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * The swiss rounds of a stage (brackets-service): the rounds asked for, the pairing input stored
 * for each round, a next round refused while one match of the current round is open or once every
 * round was played, and the reset of a later round (the earlier rounds and their results stay; the
 * round started again pairs the same tables). Each case runs on its own copy of the seeded swiss
 * segment, with four teams.
 */
describeEachDatabase(
  'brackets: the swiss rounds of a stage',
  (ctx) => {
    let admin = '';
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      rosterIds = (
        await createCaptains(db(), {
          count: 4,
          offset: 8500,
          parentSegmentId: ladder.parentId,
          eventId: ladder.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      admin = (await createCallers(ctx)).tokens.admin!;
    });

    /** A swiss stage of the four teams on a fresh copy of the seeded swiss segment. */
    const created = async (slug: string, attributes: Record<string, unknown> = {}) => {
      const segment = await copySegment(db(), 'monthly-qualifier', slug);
      const response = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket`, {
        rosterIds,
        ...attributes,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { segmentId: segment.id, info: bracketInfoDocument.parse(response.json()).data };
    };
    const info = async (segmentId: string) => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segmentId}/bracket/info`);
      expect(response.statusCode, response.body).toBe(200);
      return bracketInfoDocument.parse(response.json()).data;
    };
    const seriesOf = async (stageId: string): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    const round = async (stageId: string, n: number) =>
      (await seriesOf(stageId)).filter((s) => s.attributes.roundNumber === n);
    /** Per series of a round: its two rosters (home, away), state and stars. */
    const tables = async (stageId: string, n: number) =>
      (await round(stageId, n)).map((s) => [
        s.attributes.competitors.map((c) => c.roster?.id ?? null),
        s.attributes.state,
        s.attributes.competitors.map((c) => c.result.score),
      ]);
    const enter = (series: SeriesJson, homeStars: number, awayStars: number) =>
      call(ctx.app, admin, 'PATCH', `${T}/match-series/${series.id}/relationships/matches/results`, {
        homeStars,
        awayStars,
        reason: 'war log',
      });
    /** The home side wins every match of round `n` still open, 9 stars to 4. */
    const play = async (stageId: string, n: number) => {
      for (const series of await round(stageId, n)) {
        if (series.attributes.state !== 'scheduled') continue;
        const response = await enter(series, 9, 4);
        expect(response.statusCode, response.body).toBe(200);
      }
    };
    const next = (segmentId: string) =>
      call(ctx.app, admin, 'POST', `${T}/segments/${segmentId}/bracket/rounds`);
    const reset = (segmentId: string) =>
      call(ctx.app, admin, 'POST', `${T}/segments/${segmentId}/bracket/rounds/reset`);
    const storedRounds = (stageId: string) =>
      db()
        .select()
        .from(competitionRounds)
        .where(eq(competitionRounds.stageId, stageId))
        .orderBy(asc(competitionRounds.roundNumber));

    it('takes the rounds asked for over the default for the field; rounds with early-exit wins is refused', async () => {
      const { info: three } = await created('rounds-three', { rounds: 3 });
      // Four teams would default to 2 rounds.
      expect(three.attributes.swiss).toMatchObject({ mode: 'fixed', rounds: 3, maxRounds: 3 });
      const segment = await copySegment(db(), 'monthly-qualifier', 'rounds-and-wins');
      const refused = await call(ctx.app, admin, 'POST', `${T}/segments/${segment.id}/bracket`, {
        rosterIds,
        rounds: 2,
        wins: 2,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'Give either a number of rounds or early-exit wins and losses, not both',
        source: { pointer: '/data/attributes/rounds' },
      });
      expect((await call(ctx.app, null, 'GET', `${T}/segments/${segment.id}/bracket/info`)).statusCode).toBe(
        404,
      );
    });

    it('stores the pairing input of each round: round 1 from no history, round 2 from round 1 with nobody dropped', async () => {
      const { segmentId, info: stage } = await created('rounds-inputs', { rounds: 3 });
      const teams = rosterIds.map((rosterId, index) => ({ rosterId, seed: index + 1 }));
      const config = { format: { mode: 'fixed', rounds: 3 }, tiebreaks: DEFAULT_TIEBREAKS };
      const [first] = await storedRounds(stage.id);
      expect(first!.roundNumber).toBe(1);
      expect(first!.input).toEqual({ segmentId, roundNumber: 1, config, teams, results: [], byes: [] });
      expect(first!.output.roundNumber).toBe(1);
      expect(first!.createdAt.getTime()).toBe(ctx.now.getTime());

      await play(stage.id, 1);
      const started = await next(segmentId);
      expect(started.statusCode, started.body).toBe(201);
      const round2 = await round(stage.id, 2);
      const [, second] = await storedRounds(stage.id);
      // The answer is the round stored: its id, number, series and pairings.
      expect(started.json().data).toMatchObject({
        id: second!.id,
        type: 'swiss-rounds',
        attributes: {
          roundNumber: 2,
          byeRosterId: null,
          pairings: second!.output.pairings,
        },
      });
      expect([...started.json().data.attributes.matchSeriesIds].sort()).toEqual(
        round2.map((s) => s.id).sort(),
      );
      expect(round2).toHaveLength(2);
      expect(Object.keys(second!.input).sort()).toEqual([
        'byes',
        'config',
        'results',
        'roundNumber',
        'segmentId',
        'teams',
      ]);
      expect(second!.input).toMatchObject({ segmentId, roundNumber: 2, config, teams, byes: [] });
      expect(second!.input.results.map((r) => [r.roundNumber, r.homeStars, r.awayStars])).toEqual([
        [1, 9, 4],
        [1, 9, 4],
      ]);
      // Round 2 pairs the two winners and the two losers of round 1.
      const winners = new Set(second!.input.results.map((r) => r.homeRosterId));
      for (const series of round2) {
        const sides = series.attributes.competitors.map((c) => winners.has(c.roster!.id));
        expect(sides[0]).toBe(sides[1]);
      }
    });

    it('a next round waits for every match of the current round, even when one of them is played', async () => {
      const { segmentId, info: stage } = await created('rounds-half-played');
      const [played] = await round(stage.id, 1);
      expect((await enter(played!, 9, 4)).statusCode).toBe(200);
      const refused = await next(segmentId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({
        detail: 'Every match of the current round must be finished first',
        meta: { reason: 'ROUND_NOT_FINISHED' },
      });
      expect((await storedRounds(stage.id)).map((r) => r.roundNumber)).toEqual([1]);
      expect(await round(stage.id, 2)).toEqual([]);
    });

    it('resets a later round and keeps the earlier ones; started again it pairs the same tables; no round after the last', async () => {
      const { segmentId, info: stage } = await created('rounds-reset', { rounds: 3 });
      await play(stage.id, 1);
      const round1 = await tables(stage.id, 1);
      expect(round1.map((t) => [t[1], t[2]])).toEqual([
        ['finished', [9, 4]],
        ['finished', [9, 4]],
      ]);
      const started = await next(segmentId);
      expect(started.statusCode, started.body).toBe(201);
      const round2 = await tables(stage.id, 2);
      expect(round2).toHaveLength(2);

      // Round 2 is deleted, its series with it; round 1 and its results stay.
      const undone = await reset(segmentId);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().data.attributes.swiss).toMatchObject({ currentRound: 1, complete: false });
      expect(await round(stage.id, 2)).toEqual([]);
      expect(await tables(stage.id, 1)).toEqual(round1);
      expect((await storedRounds(stage.id)).map((r) => r.roundNumber)).toEqual([1]);

      // The engine is deterministic: the same tables, home and away included.
      const again = await next(segmentId);
      expect(again.statusCode, again.body).toBe(201);
      const { matchSeriesIds: _first, ...pairedFirst } = started.json().data.attributes;
      const { matchSeriesIds: _again, ...pairedAgain } = again.json().data.attributes;
      expect(pairedAgain).toEqual(pairedFirst);
      expect(await tables(stage.id, 2)).toEqual(round2);

      // Round 3 is reset while round 2 (played) stays: the current round is the last one.
      await play(stage.id, 2);
      expect((await next(segmentId)).statusCode).toBe(201);
      expect(await round(stage.id, 3)).toHaveLength(2);
      const third = await reset(segmentId);
      expect(third.statusCode, third.body).toBe(200);
      expect(third.json().data.attributes.swiss).toMatchObject({ currentRound: 2 });
      expect(await round(stage.id, 3)).toEqual([]);
      expect((await tables(stage.id, 2)).map((t) => t[1])).toEqual(['finished', 'finished']);

      // Played out: no fourth round of a 3-round stage.
      expect((await next(segmentId)).statusCode).toBe(201);
      await play(stage.id, 3);
      expect((await info(segmentId)).attributes.swiss).toMatchObject({ currentRound: 3, complete: true });
      const over = await next(segmentId);
      expect(over.statusCode).toBe(409);
      expect(over.json().errors[0]).toMatchObject({
        detail: 'swiss: every round was played',
        meta: { reason: 'SWISS_STAGE_COMPLETE' },
      });
      expect((await storedRounds(stage.id)).map((r) => r.roundNumber)).toEqual([1, 2, 3]);
      const late = await reset(segmentId);
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0].meta.reason).toBe('ROUND_HAS_RESULTS');
    });

    it('a next round of a stage whose start is past is dated 15 minutes from now', async () => {
      // Not the round-1 date: round 2 of a stage that started before now.
      const { segmentId, info: stage } = await created('rounds-lead', { startsAt: '2026-03-01T09:00:00Z' });
      expect((await round(stage.id, 1)).map((s) => s.attributes.date)).toEqual([
        '2026-03-01T09:00:00Z',
        '2026-03-01T09:00:00Z',
      ]);
      await play(stage.id, 1);
      expect((await next(segmentId)).statusCode).toBe(201);
      const lead = new Date(ctx.now.getTime() + 15 * 60_000).toISOString().replace('.000Z', 'Z');
      expect((await round(stage.id, 2)).map((s) => s.attributes.date)).toEqual([lead, lead]);
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);

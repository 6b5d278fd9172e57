import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  competitionRounds,
  competitionStages,
  matchSeries,
  matchSeriesCompetitors,
  matchUps,
  segments,
  stageMatchSeries,
} from '../../src/db/schema/index.js';
import type { DemoStepReport } from '../../src/features/demo/demo-driver.js';
import { simDemoLadderClans } from '../../src/game/simulated/sim-demo-ladder-dataset.js';
import { seedDemoLadder } from '../../src/seed/demo-ladder-seed.js';
import { seedDemoSeason } from '../../src/seed/demo-season-seed.js';
import { startTestApp, type TestContext, testConfig } from '../harness.js';
import { describeEachKind } from '../test-database.js';

/*
 * The demo bots (features/demo) on the demo seed, with an injected clock moved by hand: the
 * driver's steps play the ladder (match-up found, accepted, war played, finished), the monthly
 * qualifier's swiss rounds (checked in, played, next round started) and the cup finals (double
 * elimination) forward, through the hub's services. The clock starts a day after the real time so
 * no durable deadline job (pg-boss, real time) is due during the test: only the driver moves.
 */

const START = new Date(Math.ceil((Date.now() + 24 * 3_600_000) / 3_600_000) * 3_600_000);
const STEP_MS = 2 * 60_000;
const HOURS = 3;

describeEachKind('demo bots [%s]', (kind) => {
  const ctx = {} as TestContext;
  let clock = START.getTime();
  let stop: () => Promise<void>;
  const totals: DemoStepReport = {
    warsFinished: 0,
    accepted: 0,
    warsStarted: 0,
    checkedIn: 0,
    roundsStarted: 0,
    queued: 0,
  };
  const before = { swissRounds: 0, cupResults: 0 };

  const segmentId = async (slug: string) =>
    (await ctx.database.db.select().from(segments).where(eq(segments.slug, slug)))[0]!.id;
  const stageOf = async (slug: string) =>
    (
      await ctx.database.db
        .select()
        .from(competitionStages)
        .where(eq(competitionStages.segmentId, await segmentId(slug)))
    )[0]!;
  const roundsOf = async (stageId: string) =>
    (await ctx.database.db.select().from(competitionRounds).where(eq(competitionRounds.stageId, stageId)))
      .length;

  beforeAll(async () => {
    const started = await startTestApp(kind, {
      now: START,
      // The loop's own interval is far away: the test runs the steps itself.
      config: { seedDemo: true, demo: { ...testConfig().demo, enabled: true, intervalMs: 600_000 } },
      deps: { now: () => new Date(clock) },
    });
    Object.assign(ctx, started.context);
    stop = started.stop;
    await seedDemoLadder(ctx.database.db, { now: START });
    await seedDemoSeason(ctx.database.db, { now: START });
    before.swissRounds = await roundsOf((await stageOf('monthly-qualifier')).id);
    before.cupResults = (await stageOf('town-hall-cup-th9-finals')).bracketResults.length;

    const demo = ctx.app.demo!;
    for (let at = 0; at < (HOURS * 3_600_000) / STEP_MS; at++) {
      // The matchmaker's tick, as the ladder workers run it.
      await ctx.app.ladder.matchmake();
      const report = await demo.step();
      for (const key of Object.keys(totals) as (keyof DemoStepReport)[]) totals[key] += report[key];
      clock += STEP_MS;
    }
  }, 600_000);

  afterAll(async () => {
    await stop?.();
  });

  it('the bots run only because the test turned them on', () => {
    expect(ctx.app.demo).not.toBeNull();
  });

  it('plays the ladder: a match-up found and accepted, its war played and finished', async () => {
    const ladder = await segmentId('open-qualifier');
    const played = await ctx.database.db
      .select({ series: matchSeries, matchUp: matchUps })
      .from(matchSeries)
      .innerJoin(matchUps, eq(matchUps.id, matchSeries.matchUpId))
      .where(and(eq(matchSeries.segmentId, ladder), isNotNull(matchSeries.matchUpId)));
    expect(played.length).toBeGreaterThan(0);
    const finished = played.filter((row) => row.series.state === 'finished');
    expect(finished.length).toBeGreaterThan(0);
    for (const { series, matchUp } of finished) {
      expect(matchUp.status).toBe('accepted');
      expect(series.warId).toMatch(/\S/);
      expect(series.finishedAt!.getTime()).toBeGreaterThan(START.getTime());
    }
    // A played war, not forfeits: both sides have stars.
    const sides = await ctx.database.db
      .select()
      .from(matchSeriesCompetitors)
      .where(
        inArray(
          matchSeriesCompetitors.matchSeriesId,
          finished.map((row) => row.series.id),
        ),
      );
    expect(sides.every((side) => !side.forfeit && side.score !== null)).toBe(true);
    expect(totals.accepted).toBeGreaterThanOrEqual(finished.length * 2);
    expect(totals.queued).toBeGreaterThanOrEqual(finished.length * 2);
  });

  it('plays the swiss: the round’s series checked in and played, the next round started', async () => {
    const stage = await stageOf('monthly-qualifier');
    expect(await roundsOf(stage.id)).toBeGreaterThan(before.swissRounds);
    expect(totals.roundsStarted).toBeGreaterThan(0);
    expect(totals.checkedIn).toBeGreaterThan(0);
    // The round that was waiting when the hub started: every table played, none forfeited.
    const roundTwo = await ctx.database.db
      .select({ series: matchSeries })
      .from(stageMatchSeries)
      .innerJoin(matchSeries, eq(matchSeries.id, stageMatchSeries.matchSeriesId))
      .where(
        and(eq(stageMatchSeries.stageId, stage.id), eq(stageMatchSeries.roundNumber, before.swissRounds)),
      );
    const tables = roundTwo.filter((row) => !row.series.bye);
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.every((row) => row.series.state === 'finished')).toBe(true);
    const forfeits = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(matchSeriesCompetitors)
      .where(
        and(
          inArray(
            matchSeriesCompetitors.matchSeriesId,
            tables.map((row) => row.series.id),
          ),
          eq(matchSeriesCompetitors.forfeit, true),
        ),
      );
    expect(forfeits[0]!.n).toBe(0);
  });

  it('plays the cup finals forward: new bracket results, wars not forfeits', async () => {
    const stage = await stageOf('town-hall-cup-th9-finals');
    expect(stage.bracketResults.length).toBeGreaterThan(before.cupResults);
    const series = await ctx.database.db
      .select({ series: matchSeries })
      .from(stageMatchSeries)
      .innerJoin(matchSeries, eq(matchSeries.id, stageMatchSeries.matchSeriesId))
      .where(eq(stageMatchSeries.stageId, stage.id))
      .orderBy(asc(matchSeries.finishedAt));
    const playedNow = series.filter((row) => (row.series.finishedAt?.getTime() ?? 0) > START.getTime());
    expect(playedNow.length).toBeGreaterThan(0);
    expect(playedNow.every((row) => row.series.warId !== null)).toBe(true);
  });

  it('a demo team that cannot queue says why (simulator console), and plays again once fixed', async () => {
    const refusals = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/simulator/1.0/demo-bots/refusals' });
      expect(response.statusCode).toBe(200);
      return response.json().data as { attributes: { code: string; team: string } }[];
    };
    const setWar = (tag: string, warStatus: 'clanWar' | 'none') =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/simulator/1.0/clans/${encodeURIComponent(tag)}`,
        payload: { data: { attributes: { warStatus } } },
      });
    // Every demo ladder clan is put in a war in the simulator; an hour later the bots try to queue.
    for (const clan of simDemoLadderClans) expect((await setWar(clan.tag, 'clanWar')).statusCode).toBe(200);
    clock += 3_600_000;
    await ctx.app.demo!.step();
    const inWar = async () => (await refusals()).filter((r) => r.attributes.code === 'CLAN_IS_IN_WAR');
    const refused = await inWar();
    expect(refused.length).toBeGreaterThan(0);
    // The fix: the war ends in the simulator; after the rest the teams queue again, the refusals go.
    for (const clan of simDemoLadderClans) await setWar(clan.tag, 'none');
    clock += 3_600_000;
    const report = await ctx.app.demo!.step();
    expect(report.queued).toBeGreaterThan(0);
    expect((await inWar()).length).toBeLessThan(refused.length);
  });
});

import { API } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import {
  activityLog,
  ladderStandings,
  matchSeries,
  matchSeriesCompetitors,
  rosters,
  segments,
} from '../../src/db/schema/index.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  type Role,
} from '../admin/admin-fixtures.js';
import type { TestContext } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

// Shared by the match-series-admin*.test.ts files: 24 rosters, a swiss stage (monthly qualifier) and a
// double elimination (monthly finals) of 8 rosters each, and the helpers that make and read series.

export const T = API.tournaments;

export interface SeriesJson {
  id: string;
  attributes: {
    state: string;
    date: string;
    bye: boolean;
    roundNumber: number | null;
    bracket: 'upper' | 'lower' | null;
    competition: string;
    deletedAt: string | null;
    competitors: {
      roster: { id: string } | null;
      placement: number | null;
      result: { score: number | null; forfeit: boolean };
    }[];
  };
}

export interface MatchSeriesAdminSetup {
  callers: Callers;
  admin: string;
  organizer: string;
  rosterIds: string[];
  ladderId: string;
  parentId: string;
  otherSegmentId: string;
  mq: string;
  mf: string;
  swissId: string;
  bracketId: string;
}

/** Registers the `beforeAll` that fills `setup` (read it in tests) and returns the helpers. */
export function matchSeriesAdminFixture(ctx: TestContext) {
  const setup = { rosterIds: [] } as unknown as MatchSeriesAdminSetup;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    const ladder = await ladderSegment(db());
    setup.ladderId = ladder.ladderId;
    setup.parentId = ladder.parentId;
    const captains = await createCaptains(db(), {
      count: 24,
      offset: 8100,
      parentSegmentId: ladder.parentId,
      eventId: ladder.eventId,
      now: ctx.now,
    });
    setup.rosterIds = captains.map((c) => c.rosterId);
    setup.callers = await createCallers(ctx);
    setup.admin = setup.callers.tokens.admin!;
    setup.organizer = setup.callers.tokens.organizer!;
    setup.otherSegmentId = (
      await db().select().from(segments).where(eq(segments.eventId, setup.callers.otherEventId))
    )[0]!.id;
    const slug = async (name: string) =>
      (await db().select().from(segments).where(eq(segments.slug, name)))[0]!;
    [setup.mq, setup.mf] = [(await slug('monthly-qualifier')).id, (await slug('monthly-finals')).id];
    const create = async (segment: string, attributes: Record<string, unknown>) => {
      const response = await call(
        ctx.app,
        setup.admin,
        'POST',
        `${T}/segments/${segment}/bracket`,
        attributes,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    // First matches a day ahead: no check-in deadline (no-show forfeit) fires during the tests.
    const startsAt = new Date(ctx.now.getTime() + 24 * 3600_000).toISOString();
    setup.swissId = await create(setup.mq, { rosterIds: setup.rosterIds.slice(0, 8), rounds: 3, startsAt });
    setup.bracketId = await create(setup.mf, { rosterIds: setup.rosterIds.slice(8, 16), startsAt });
  });

  let seriesCounter = 0;
  /** A ladder series between two rosters (scheduled), in the organizer's event unless told. */
  const ladderSeries = async (
    home: string,
    away: string,
    options: { eventId?: string; segmentId?: string } = {},
  ) => {
    seriesCounter += 1;
    const date = new Date(ctx.now.getTime() + seriesCounter * 60_000);
    const [row] = await db()
      .insert(matchSeries)
      .values({
        tenant: 'global',
        eventId: options.eventId ?? setup.callers.eventId,
        segmentId: options.segmentId ?? setup.ladderId,
        date,
        state: 'upcoming',
        createdAt: ctx.now,
      })
      .returning();
    await db()
      .insert(matchSeriesCompetitors)
      .values(
        [home, away].map((rosterId, position) => ({ matchSeriesId: row!.id, position, rosterId, date })),
      );
    return row!.id;
  };
  const results = (token: string | null, id: string, homeStars: number, awayStars: number) =>
    call(ctx.app, token, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
      homeStars,
      awayStars,
      reason: 'war log',
    });
  const finished = async (home: string, away: string, homeStars = 9, awayStars = 4) => {
    const id = await ladderSeries(home, away);
    const response = await results(setup.organizer, id, homeStars, awayStars);
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  const tally = async (rosterId: string) =>
    (
      await db()
        .select()
        .from(ladderStandings)
        .where(and(eq(ladderStandings.segmentId, setup.ladderId), eq(ladderStandings.rosterId, rosterId)))
    )[0];
  const seriesRow = async (id: string) =>
    (await db().select().from(matchSeries).where(eq(matchSeries.id, id)))[0]!;
  const sides = async (id: string) =>
    (
      await db()
        .select()
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, id))
        .orderBy(matchSeriesCompetitors.position)
    ).map((c) => ({ rosterId: c.rosterId, score: c.score, placement: c.placement, forfeit: c.forfeit }));
  const auditOf = async (id: string) =>
    (await db().select().from(activityLog).where(eq(activityLog.targetId, id))).map((r) => r.action);
  const adminGet = async (token: string | null, url: string) => call(ctx.app, token, 'GET', `${T}${url}`);
  const publicList = async (query: string) =>
    (await call(ctx.app, null, 'GET', `${API.matches}/match-series?${query}`)).json().data as SeriesJson[];
  const stageSeries = async (stageId: string): Promise<SeriesJson[]> =>
    (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
  /** The swiss stage's current round (the highest one created; other tests may start round 2). */
  const swissRound = async () =>
    Math.max(...(await stageSeries(setup.swissId)).map((s) => s.attributes.roundNumber ?? 0));
  /** Rosters of `ids` not withdrawn (other tests disqualify some). */
  const inPlay = async (ids: string[]) => {
    const rows = await db().select().from(rosters);
    return ids.filter((id) => rows.find((r) => r.id === id)?.withdrawnAt === null);
  };
  const expectRefusal = (
    response: {
      statusCode: number;
      body: string;
      json: () => { errors: { code: string; meta?: { reason?: string } }[] };
    },
    status: number,
    code: string,
    reason?: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const error = response.json().errors[0]!;
    expect(error.code).toBe(code);
    if (reason) expect(error.meta?.reason).toBe(reason);
  };
  /** Expected status of a role on an organizer call (the organizer runs the series' event). */
  const expected = (role: Role, ok: number) => expectedStatus(role, ORGANIZERS, ok);

  return {
    setup,
    db,
    ladderSeries,
    results,
    finished,
    tally,
    seriesRow,
    sides,
    auditOf,
    adminGet,
    publicList,
    stageSeries,
    swissRound,
    inPlay,
    expectRefusal,
    expected,
  };
}

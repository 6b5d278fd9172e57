import { API, type ChallengeResource } from '@cwh/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { pickbanVotes } from '../../src/db/schema/pickban.js';
import type { Notice } from '../../src/features/ladder/ladder-notices.js';
import { type Callers, call, createCallers } from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { loginAsAdmin, TEST_NOW, type TestContext } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

// Shared by the pickban*.test.ts files (pick and ban, spec 7, #13): one event's veto category of six
// items, 24 captains, the notices sent, and a new stage with a veto between two captains per call.

export const P = API.pickban;
export const START = new Date(TEST_NOW.getTime() + 60 * MINUTE);
export const BAN_BAN_PICK_PICK = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
  { action: 'pick', count: 1 },
];

/** Status, code and meta.reason of a refusal. */
export function refusal(response: LightMyRequestResponse) {
  const error = response.json().errors?.[0] as { code: string; meta?: { reason?: string } } | undefined;
  return { status: response.statusCode, code: error?.code ?? null, reason: error?.meta?.reason ?? null };
}

export interface PickbanSetup {
  admin: string;
  callers: Callers;
  organizer: string;
  captains: Captain[];
  categoryId: string;
  itemIds: string[];
}

/**
 * Registers the `beforeAll` that builds the setup (read it in tests: `setup` is filled then) and
 * returns the helpers; `nextStage()` numbers the stages a file creates, vetoSeries' included.
 */
export function pickbanFixture(ctx: TestContext) {
  const setup = { captains: [], itemIds: [] } as unknown as PickbanSetup;
  let stages = 0;
  const sent: Notice[] = [];

  beforeAll(async () => {
    const { parentId, eventId } = await ladderSegment(ctx.database.db);
    setup.captains = await createCaptains(ctx.database.db, {
      count: 24,
      offset: 8700,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
    });
    setup.admin = (await loginAsAdmin(ctx.app)).token.value;
    setup.callers = await createCallers(ctx);
    setup.organizer = setup.callers.tokens.organizer!;
    expect(setup.callers.eventId).toBe(eventId);
    const category = await call(ctx.app, setup.organizer, 'POST', `${P}/categories`, {
      eventId,
      name: 'War rules',
      sortOrder: 1,
    });
    expect(category.statusCode).toBe(201);
    setup.categoryId = category.json().data.id;
    // Created in reverse sort order: the list answers them by sortOrder.
    const created: string[] = [];
    for (let i = 6; i >= 1; i--) {
      const item = await call(ctx.app, setup.organizer, 'POST', `${P}/items`, {
        categoryId: setup.categoryId,
        name: `Rule ${i}`,
        description: i === 1 ? 'No heroes' : null,
        sortOrder: i,
      });
      expect(item.statusCode).toBe(201);
      created.unshift(item.json().data.id);
    }
    setup.itemIds = created;
    const deps = ctx.app.pickban.deps;
    const notify = deps.notify;
    deps.notify = (notices) => {
      sent.push(...notices);
      notify(notices);
    };
  });

  /** A new stage (its own segment) with a veto, between the next two captains; its series and challenge. */
  async function vetoSeries(veto: Record<string, unknown> = {}) {
    const k = (stages % 10) * 2;
    stages++;
    const pair: [Captain, Captain] = [setup.captains[k]!, setup.captains[k + 1]!];
    const segmentId = await stageSegment(ctx.database.db, `pb-${stages}`, { monthlyQualifier: true });
    const set = await call(ctx.app, setup.organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
      categoryId: setup.categoryId,
      steps: BAN_BAN_PICK_PICK,
      starter: 'higher_seed',
      turnSeconds: 60,
      ...veto,
    });
    expect(set.statusCode).toBe(200);
    sent.length = 0;
    const series = await stageSeries(ctx.app, setup.admin, segmentId, pair, START);
    const read = await call(
      ctx.app,
      series.home.token,
      'GET',
      `${P}/challenges?filter[matchSeries.id]=${series.id}`,
    );
    expect(read.statusCode).toBe(200);
    const challenge = read.json().data[0] as ChallengeResource;
    return { series, challenge, segmentId, topSeed: pair[0], stranger: setup.captains[(k + 2) % 20]! };
  }

  const vote = (token: string | null, id: string, banned: string[], picked: string[] = []) =>
    call(ctx.app, token, 'POST', `${P}/challenges/${id}/vote`, { banned, picked });
  const votesIn = async (id: string) =>
    (await ctx.database.db.select().from(pickbanVotes).where(eq(pickbanVotes.challengeId, id))).length;
  /** The turn time-out jobs of a challenge in pg-boss's own table: singleton key and state. */
  const turnJobs = async (id: string) => {
    const result = await ctx.database.db.execute(
      sql`select singleton_key as key, state from pgboss.job where name = 'pickban.turn-timeout' and singleton_key like ${`${id}:%`} order by singleton_key`,
    );
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
    return rows as { key: string; state: string }[];
  };
  const captainOf = (s: Awaited<ReturnType<typeof vetoSeries>>, side: 'home' | 'away' | null) =>
    side === 'away' ? s.series.away : s.series.home;

  return { setup, sent, nextStage: () => stages++, vetoSeries, vote, votesIn, turnJobs, captainOf };
}

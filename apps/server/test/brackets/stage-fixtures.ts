import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { matchSeries, matchSeriesCompetitors, segments } from '../../src/db/schema/index.js';
import { type Callers, call, createCallers } from '../admin/admin-fixtures.js';
import type { TestContext } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/**
 * A scheduled ladder series between two rosters (home at position 0), as the ladder's pairing
 * leaves it: the organizer's results call or a war result then decides it. A null side is a
 * competitor row without a roster.
 */
export async function insertLadderSeries(
  db: Db,
  input: { eventId: string; segmentId: string; home: string; away: string | null; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(matchSeries)
    .values({
      tenant: 'global',
      eventId: input.eventId,
      segmentId: input.segmentId,
      date: input.now,
      state: 'scheduled',
      createdAt: input.now,
    })
    .returning();
  await db.insert(matchSeriesCompetitors).values(
    [input.home, input.away].map((rosterId, position) => ({
      matchSeriesId: row!.id,
      position,
      rosterId,
      date: input.now,
    })),
  );
  return row!.id;
}

/** A new segment copied from the seeded one with slug `from` (same event, parent and dates unless overridden). */
export async function copySegment(
  db: Db,
  from: string,
  slug: string,
  overrides: Partial<typeof segments.$inferInsert> = {},
): Promise<typeof segments.$inferSelect> {
  const [template] = await db.select().from(segments).where(eq(segments.slug, from));
  const { id: _id, ...rest } = template!;
  const [row] = await db
    .insert(segments)
    .values({ ...rest, slug, name: slug, ...overrides })
    .returning();
  return row!;
}

/** A match series as the stage tests read it from the API (the fields they look at). */
export interface SeriesJson {
  id: string;
  attributes: {
    date: string;
    state: string;
    bye: boolean;
    roundNumber: number | null;
    bracket: 'upper' | 'lower' | null;
    reviewReason?: string | null;
    competitors: {
      roster: { id: string } | null;
      placement: number | null;
      result: { score: number | null; forfeit: boolean; destruction?: number };
    }[];
  };
}

/** The swiss tiebreaks a stage gets when the organizer names none, as the API answers them. */
export const DEFAULT_TIEBREAKS = [
  'matchPoints',
  'buchholz',
  'headToHead',
  'starDifference',
  'destructionDifference',
  'seed',
];

/**
 * A stage test's field: `count` locked ladder rosters of the current championship (player tags from
 * `offset`), and the callers of every role with the admin's token.
 */
export async function stageField(
  ctx: TestContext,
  { count, offset }: { count: number; offset: number },
): Promise<{ callers: Callers; admin: string; rosterIds: string[] }> {
  const ladder = await ladderSegment(ctx.database.db);
  const captains = await createCaptains(ctx.database.db, {
    count,
    offset,
    parentSegmentId: ladder.parentId,
    eventId: ladder.eventId,
    now: ctx.now,
  });
  const callers = await createCallers(ctx);
  return { callers, admin: callers.tokens.admin!, rosterIds: captains.map((c) => c.rosterId) };
}

/** A stage's series as the public bracket call lists them (one page of 50; `query` adds filters). */
export async function stageSeries(ctx: TestContext, stageId: string, query = ''): Promise<SeriesJson[]> {
  const url = `${API.tournaments}/bracket/${stageId}/match-series?page[size]=50${query}`;
  return (await call(ctx.app, null, 'GET', url)).json().data;
}

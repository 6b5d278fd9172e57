import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { matchSeries, matchSeriesCompetitors, segments } from '../../src/db/schema/index.js';

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

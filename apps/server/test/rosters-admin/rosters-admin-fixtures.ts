import { ROSTERS_ADMIN_PATHS } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import {
  activityLog,
  matchSeries,
  matchSeriesCompetitors,
  rosters,
  segments,
} from '../../src/db/schema/index.js';
import { T } from '../admin/admin-fixtures.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/** `/api/tournaments/1.0` + a path of ROSTERS_ADMIN_PATHS with its `:id`. */
export const adminPath = (key: keyof typeof ROSTERS_ADMIN_PATHS, id = '') =>
  `${T}${ROSTERS_ADMIN_PATHS[key].replace(':id', id)}`;

export async function segmentIdBySlug(db: Db, slug: string): Promise<string> {
  return (await db.select({ id: segments.id }).from(segments).where(eq(segments.slug, slug)))[0]!.id;
}

/** Locked rosters of 6 registered members (captain first) on the championship's TH17 segment. */
export async function championshipRosters(
  db: Db,
  count: number,
  offset: number,
  now: Date,
): Promise<Captain[]> {
  const { parentId, eventId } = await ladderSegment(db);
  return createCaptains(db, { count, offset, parentSegmentId: parentId, eventId, now });
}

export async function rosterRow(db: Db, id: string) {
  return (await db.select().from(rosters).where(eq(rosters.id, id)))[0]!;
}

export async function auditEntries(db: Db, targetId: string) {
  return db.select().from(activityLog).where(eq(activityLog.targetId, targetId));
}

/** A finished ladder series between two rosters (the first won): both have played. */
export async function playedSeries(db: Db, homeId: string, awayId: string, now: Date) {
  const { ladderId, eventId } = await ladderSegment(db);
  const [series] = await db
    .insert(matchSeries)
    .values({
      tenant: 'global',
      eventId,
      segmentId: ladderId,
      date: now,
      state: 'finished',
      createdAt: now,
      finishedAt: now,
    })
    .returning({ id: matchSeries.id });
  await db.insert(matchSeriesCompetitors).values([
    { matchSeriesId: series!.id, position: 0, rosterId: homeId, placement: 1, score: 9, date: now },
    { matchSeriesId: series!.id, position: 1, rosterId: awayId, placement: 2, score: 3, date: now },
  ]);
  return series!.id;
}

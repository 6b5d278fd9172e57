import { sql } from 'drizzle-orm';
import { ladderStandings, queueEntries } from '../../apps/server/src/db/schema/ladder.js';
import { createCaptains, ladderSegment } from '../../apps/server/test/ladder/ladder-fixtures.js';
import type { prepareBenchDatabase } from '../lib/server.js';
import type { Options } from './queue-bench-types.js';

/**
 * Points gap between two rosters of the waiting half. Larger than MATCHMAKING_MAX_POINTS_BAND (1000)
 * so waiting rosters can never be paired with each other, however long they wait; joiner k sits
 * 0–40 points from waiting roster k (inside the 50-point base band), so it pairs with exactly that
 * one, and > 1000 points from every other roster.
 */
const POINTS_SPACING = 2_100;

/** Captains, standings points and (unless phase 1 runs over HTTP) the waiting half's queue entries. */
export async function fillDatabase(
  database: Parameters<Parameters<typeof prepareBenchDatabase>[1]>[0],
  now: Date,
  o: Options,
) {
  const db = database.db;
  const segment = await ladderSegment(db);
  const captains = await createCaptains(db, {
    count: o.captains,
    parentSegmentId: segment.parentId,
    eventId: segment.eventId,
    now,
  });
  // Points: waiting k → k·spacing; joiner k → k·spacing + (k mod 41). Standings ranked by points.
  const points = captains.map((_, i) =>
    i < o.waiting ? i * POINTS_SPACING : (i - o.waiting) * POINTS_SPACING + ((i - o.waiting) % 41),
  );
  const order = captains.map((_, i) => i).sort((a, b) => points[b]! - points[a]! || a - b);
  const rows = order.map((i) => {
    const p = points[i]!;
    const wins = Math.floor(p / 3);
    return {
      segmentId: segment.ladderId,
      rosterId: captains[i]!.rosterId,
      points: p,
      wins,
      losses: 0,
      draws: p - wins * 3,
      gamesPlayed: wins + (p - wins * 3),
      starsFor: 0,
      starsAgainst: 0,
      record: `${wins}-0`,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(ladderStandings).values(rows.slice(i, i + 1000));
  // The points levels the standings pages start from (kept incrementally by the server).
  await db.execute(sql`insert into ladder_standing_levels (segment_id, points, rosters)
    select segment_id, points, count(*)::int from ladder_standings where segment_id = ${segment.ladderId}
    group by segment_id, points`);
  if (!o.httpPhase1) {
    // The waiting half is already in the queue (as if it had joined over the last minute).
    const entries = captains.slice(0, o.waiting).map((c, k) => {
      const joinedAt = new Date(now.getTime() - 60_000 + Math.floor((k * 50_000) / Math.max(1, o.waiting)));
      return {
        tenant: 'global',
        rosterId: c.rosterId,
        segmentId: segment.ladderId,
        thLevel: 17,
        ownerId: c.userId,
        playerTags: c.playerTags,
        status: 'waiting' as const,
        joinedAt,
        createdAt: joinedAt,
      };
    });
    for (let i = 0; i < entries.length; i += 1000)
      await db.insert(queueEntries).values(entries.slice(i, i + 1000));
  }
  return captains;
}

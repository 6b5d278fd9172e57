import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SWEEP_BATCH } from '../../src/features/ladder/match-ups/match-up-service.js';
import { describeEachDatabase, testConfig } from '../harness.js';
import { ladderSegment } from './ladder-fixtures.js';

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/*
 * The sweeper expires every awaiting match-up past its deadline, SWEEP_BATCH per transaction, until
 * none is left: more than one batch in one sweep, each marked as the sweeper's doing. The app runs
 * without its background workers, so the sweeps counted here are the test's own.
 */
describeEachDatabase(
  'match-up sweeper',
  (ctx) => {
    it(`expires more than ${SWEEP_BATCH} due match-ups in one sweep, batch after batch, as the sweeper`, async () => {
      const db = ctx.database.db;
      const { ladderId } = await ladderSegment(db);
      const count = SWEEP_BATCH + 7;
      const created = new Date(ctx.app.now().getTime() - 20_000);
      const expired = new Date(ctx.app.now().getTime() - 5_000);
      // `count` awaiting match-ups, due 5 s ago, each with two matched entries and two silent sides.
      await db.execute(sql`
      create temp table sweep_pairs as
        select gen_random_uuid() as mu, gen_random_uuid() as home_entry, gen_random_uuid() as away_entry,
          gen_random_uuid() as home_roster, gen_random_uuid() as away_roster
        from generate_series(1, ${count})`);
      await db.execute(sql`
      insert into match_ups (id, tenant, segment_id, th_level, status, created_at, expires_at)
      select mu, 'global', ${ladderId}, 17, 'awaiting_confirmation', ${created}, ${expired} from sweep_pairs`);
      await db.execute(sql`
      insert into queue_entries (id, tenant, roster_id, segment_id, th_level, player_tags, status, joined_at, points, match_up_id)
      select e.id, 'global', e.roster, ${ladderId}, 17, '[]'::jsonb, 'matched', ${created}, 0, p.mu
      from sweep_pairs p
      cross join lateral (values (p.home_entry, p.home_roster), (p.away_entry, p.away_roster)) e(id, roster)`);
      await db.execute(sql`
      insert into match_up_sides (match_up_id, roster_id, queue_entry_id, side, response, created_at)
      select p.mu, s.roster, s.entry, s.side, 'pending', ${created}
      from sweep_pairs p
      cross join lateral (values (p.home_roster, p.home_entry, 'home'), (p.away_roster, p.away_entry, 'away')) s(roster, entry, side)`);
      try {
        expect(await ctx.app.ladder.sweep()).toBe(count);
        const ended = rowsOf<{ status: string; ended_by: string; n: number }>(
          await db.execute(sql`
          select m.status, m.ended_by, count(*)::int as n from match_ups m
          join sweep_pairs p on p.mu = m.id group by m.status, m.ended_by`),
        );
        expect(ended).toHaveLength(1);
        expect(ended[0]).toMatchObject({ status: 'expired', n: count });
        expect(ended[0]!.ended_by).toMatch(/^.+:sweeper$/);
        // Both sides were silent: both entries end as expired, nobody goes back to the queue.
        const entries = rowsOf<{ status: string; n: number }>(
          await db.execute(sql`
          select q.status, count(*)::int as n from queue_entries q
          join sweep_pairs p on q.id in (p.home_entry, p.away_entry) where q.ended_at is not null group by q.status`),
        );
        expect(entries).toEqual([{ status: 'expired', n: 2 * count }]);
        expect(await ctx.app.ladder.sweep()).toBe(0);
      } finally {
        await db.execute(sql`delete from match_ups where id in (select mu from sweep_pairs)`);
        await db.execute(
          sql`delete from queue_entries where id in (select home_entry from sweep_pairs union select away_entry from sweep_pairs)`,
        );
        await db.execute(sql`drop table sweep_pairs`);
      }
    }, 120_000);
  },
  { config: { ladder: { ...testConfig().ladder, workers: false } } },
);

import { beforeAll, expect, it, vi } from 'vitest';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains } from './ladder-fixtures.js';
import { join, status } from './ladder-http.js';

/*
 * The hub's own join → found measure (GET /metrics, cwh_matchmaking_join_to_found_seconds): one
 * observation per join that newcomer matching paired, none for a join that found nobody. The tick
 * runs once a minute here, so only newcomer matching can pair the two captains.
 */

const metric = 'cwh_matchmaking_join_to_found_seconds';

describeEachDatabase(
  'join → found in the metrics',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 2, { now: TEST_NOW });
    });

    const scrape = async () => (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const sample = (text: string, suffix: string) =>
      Number(new RegExp(`^${metric}_${suffix} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

    it('observes the join that newcomer matching paired, not the one that found nobody', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      expect((await join(ctx.app, a)).statusCode).toBe(200);
      // a's own newcomer matching finds nobody: a waits, nothing observed.
      expect((await status(ctx.app, a)).attributes.status).toBe('waiting');
      expect(sample(await scrape(), 'count')).toBe(0);

      expect((await join(ctx.app, b)).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await status(ctx.app, a)).attributes.status).toBe('matched'));
      const text = await vi.waitFor(async () => {
        const scraped = await scrape();
        expect(sample(scraped, 'count')).toBe(1);
        return scraped;
      });
      expect(sample(text, 'sum')).toBeGreaterThan(0);
      expect(sample(text, 'bucket\\{le="\\+Inf"\\}')).toBe(1);
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), matchmakingIntervalMs: 60_000 } } },
);

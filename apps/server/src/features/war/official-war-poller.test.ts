import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createOfficialWarPoller } from './official-war-poller.js';
import type { WarPollRepository } from './war-poll-repository.js';

describe('war poll job', () => {
  it('keeps following the war when a poll fails unexpectedly (the job is not used up)', async () => {
    const sent: Array<{ name: string; payload: unknown; delaySeconds: number | undefined }> = [];
    const jobs = {
      send: async (name: string, payload: unknown, options?: { delaySeconds?: number }) => {
        sent.push({ name, payload, delaySeconds: options?.delaySeconds });
        return 'job-id';
      },
    } as unknown as JobQueue;
    const ladder = {
      repository: {
        findSeries: async () => {
          throw new Error('connection reset');
        },
      },
    } as unknown as LadderService;
    const warnings: string[] = [];
    const poller = createOfficialWarPoller({
      ladder,
      source: { getCurrentWar: async () => ({}) as never, getWarLog: async () => ({ items: [] }) },
      jobs,
      repo: {} as WarPollRepository,
      config: { requestsPerSecondPerKey: 0, pollIntervalMs: 60_000, noShowWindowMs: 1_800_000 },
      now: () => new Date('2026-03-15T12:00:00Z'),
      log: { warn: (_obj, msg) => warnings.push(String(msg)) },
    });
    await expect(poller.run({ matchSeriesId: 's1' })).resolves.toEqual({
      kind: 'again',
      delayMs: 60_000,
      why: 'poll failed',
    });
    expect(sent).toEqual([{ name: 'war.poll', payload: { matchSeriesId: 's1' }, delaySeconds: 60 }]);
    expect(warnings).toEqual(['war poll failed; polling again later']);
  });
});

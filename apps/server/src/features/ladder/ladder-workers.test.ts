import { describe, expect, it, vi } from 'vitest';
import type { LadderService } from './ladder-service.js';
import { startLadderWorkers } from './ladder-workers.js';

/** A ladder service whose newcomer matching answers `outcome`; counts the matchmaker's passes. */
function fakeService(outcome: { matchUpId: string | null; contended: boolean }) {
  const passes = { matchmake: 0 };
  const service = {
    newcomerOutcome: vi.fn(async () => outcome),
    matchmake: vi.fn(async () => {
      passes.matchmake++;
      return 0;
    }),
    sweep: vi.fn(async () => 0),
  } as unknown as LadderService;
  return { service, passes };
}

const options = (onNewcomerFound?: (ms: number) => void) => ({
  // Long enough that no pass runs by the timer during a test.
  matchmakingIntervalMs: 60_000,
  sweepIntervalMs: 60_000,
  onError: () => {},
  ...(onNewcomerFound ? { onNewcomerFound } : {}),
});

describe('ladder workers, after a join', () => {
  it('run the tick at once when the newcomer lost its partner to another newcomer', async () => {
    const { service, passes } = fakeService({ matchUpId: null, contended: true });
    const workers = startLadderWorkers(service, options());
    workers.newcomer('entry-1', performance.now());
    await vi.waitFor(() => expect(passes.matchmake).toBe(1));
    await workers.stop();
  });

  it('leave the tick to its timer when the newcomer found nobody, and report no join → found', async () => {
    const found = vi.fn();
    const { service, passes } = fakeService({ matchUpId: null, contended: false });
    const workers = startLadderWorkers(service, options(found));
    workers.newcomer('entry-1', performance.now());
    await workers.stop();
    expect(service.newcomerOutcome).toHaveBeenCalledWith('entry-1');
    expect(passes.matchmake).toBe(0);
    expect(found).not.toHaveBeenCalled();
  });

  it('report the join → found of a paired newcomer, from the join request on', async () => {
    const found = vi.fn();
    const { service, passes } = fakeService({ matchUpId: 'm-1', contended: false });
    const workers = startLadderWorkers(service, options(found));
    const startedAt = performance.now() - 40;
    workers.newcomer('entry-1', startedAt);
    await workers.stop();
    expect(found).toHaveBeenCalledTimes(1);
    expect(found.mock.calls[0]![0]).toBeGreaterThanOrEqual(40);
    expect(passes.matchmake).toBe(0);
  });
});

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

  it('hand the joins of one turn (a burst) to one tick instead of matching each as a newcomer', async () => {
    const batched = vi.fn();
    const { service, passes } = fakeService({ matchUpId: 'm-1', contended: false });
    const workers = startLadderWorkers(service, { ...options(), onNewcomersBatched: batched });
    for (const id of ['entry-1', 'entry-2', 'entry-3']) workers.newcomer(id, performance.now());
    await vi.waitFor(() => expect(passes.matchmake).toBe(1));
    expect(service.newcomerOutcome).not.toHaveBeenCalled();
    expect(batched).toHaveBeenCalledWith(3);
    // A join of a later turn, alone, is matched as a newcomer again.
    workers.newcomer('entry-4', performance.now());
    await vi.waitFor(() => expect(service.newcomerOutcome).toHaveBeenCalledWith('entry-4'));
    await workers.stop();
    expect(passes.matchmake).toBe(1);
  });
});

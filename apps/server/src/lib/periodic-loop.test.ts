import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicLoop } from './periodic-loop.js';

afterEach(() => vi.useRealTimers());

describe('periodic loop', () => {
  it('runs every interval after a pass ends, never overlapping, with one extra pass for a tick during a pass', async () => {
    vi.useFakeTimers();
    let active = 0;
    let maxActive = 0;
    let passes = 0;
    let release: () => void = () => undefined;
    const loop = startPeriodicLoop(
      async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        passes++;
        await new Promise<void>((resolve) => (release = resolve));
        active--;
      },
      100,
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    loop.tick();
    loop.tick();
    await vi.advanceTimersByTimeAsync(500);
    expect(passes).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(99);
    expect(passes).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(3);
    expect(maxActive).toBe(1);
    const stopped = loop.stop();
    release();
    await stopped;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(3);
  });

  it('reports errors and keeps running, but not after stop', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let passes = 0;
    const loop = startPeriodicLoop(
      async () => {
        passes++;
        throw new Error(`pass ${passes}`);
      },
      10,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(35);
    expect(passes).toBe(3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['pass 1', 'pass 2', 'pass 3']);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes).toBe(3);
  });
});

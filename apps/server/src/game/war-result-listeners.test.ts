import { describe, expect, it } from 'vitest';
import type { WarResult } from './game-adapter.js';
import { createWarResultListeners } from './war-result-listeners.js';

const result: WarResult = {
  warId: 'w1',
  matchSeriesId: 'm1',
  stars: { home: 12, away: 10 },
  destruction: { home: 91.2, away: 84 },
};

describe('createWarResultListeners', () => {
  it('awaits async listeners and reports failures without stopping others', async () => {
    const listeners = createWarResultListeners();
    const seen: string[] = [];
    listeners.subscribe(async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`slow:${r.warId}`);
    });
    listeners.subscribe(() => {
      throw new Error('db down');
    });
    listeners.subscribe((r) => {
      seen.push(`fast:${r.warId}`);
    });

    const failures = await listeners.emit(result);

    expect(seen.sort()).toEqual(['fast:w1', 'slow:w1']);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain('db down');
  });

  it('unsubscribes', async () => {
    const listeners = createWarResultListeners();
    let calls = 0;
    const off = listeners.subscribe(() => {
      calls++;
    });
    off();
    await listeners.emit(result);
    expect(calls).toBe(0);
    expect(listeners.size).toBe(0);
  });
});

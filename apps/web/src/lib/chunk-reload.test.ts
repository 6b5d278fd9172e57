import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@cwh/domain';
import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOncePerMinute } from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe('chunk reload guard', () => {
  it('recognises dynamic import failures only', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/home-x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most once per minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadOncePerMinute(storage, reload, t0)).toBe(true);
    expect(reloadOncePerMinute(storage, reload, t0 + 30_000)).toBe(false);
    expect(reloadOncePerMinute(storage, reload, t0 + CHUNK_RELOAD_MIN_INTERVAL_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOncePerMinute(storage, reload, t0 + CHUNK_RELOAD_MIN_INTERVAL_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

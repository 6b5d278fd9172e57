import { describe, expect, it } from 'vitest';
import { cachedAuthenticate } from '../../src/realtime/socket-server.js';

describe('socket binding token cache', () => {
  it('asks once per token within the TTL, again after it (a revoked token is refused then)', async () => {
    let clock = 0;
    let calls = 0;
    const live = new Set(['t1', 't2']);
    const authenticate = cachedAuthenticate(
      async (token) => {
        calls++;
        return live.has(token) ? `user-${token}` : null;
      },
      { ttlMs: 60_000, maxSize: 1, now: () => clock },
    );
    expect(await Promise.all([authenticate('t1'), authenticate('t1')])).toEqual(['user-t1', 'user-t1']);
    expect(calls).toBe(1);
    live.delete('t1');
    clock = 59_999;
    expect(await authenticate('t1')).toBe('user-t1');
    expect(calls).toBe(1);
    clock = 60_000;
    expect(await authenticate('t1')).toBeNull();
    // Refusals are not cached; the cache is bounded (t2 evicts nothing left, size 1).
    expect(await authenticate('nope')).toBeNull();
    expect(await authenticate('nope')).toBeNull();
    expect(calls).toBe(4);
    expect(await authenticate('t2')).toBe('user-t2');
    live.add('t1');
    expect(await authenticate('t1')).toBe('user-t1');
    expect(await authenticate('t2')).toBe('user-t2');
    expect(calls).toBe(7);
  });
});

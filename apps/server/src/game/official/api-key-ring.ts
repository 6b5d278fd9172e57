/**
 * The API keys of COC_API_KEY (comma-separated), used in rotation. Each key is throttled on its
 * own: the official API counts requests per key, so several keys multiply the hub's allowance.
 * The key free soonest is taken; when all are busy the caller waits for that one.
 */
export interface KeyRing {
  readonly size: number;
  next(sleep: (ms: number) => Promise<void>): Promise<{ index: number; value: string }>;
}

export function parseApiKeys(raw: string): string[] {
  return raw
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}

export function createKeyRing(raw: string, requestsPerSecondPerKey: number, now: () => number): KeyRing {
  const keys = parseApiKeys(raw);
  if (keys.length === 0) throw new Error('COC_API_KEY holds no key');
  const intervalMs = requestsPerSecondPerKey > 0 ? 1000 / requestsPerSecondPerKey : 0;
  const freeAt = keys.map(() => 0);
  let turn = 0;
  return {
    size: keys.length,
    async next(sleep) {
      // Round-robin start so equal keys share the load; then the earliest free one wins.
      let index = turn;
      for (let i = 0; i < keys.length; i++) {
        const candidate = (turn + i) % keys.length;
        if (freeAt[candidate]! < freeAt[index]!) index = candidate;
      }
      turn = (index + 1) % keys.length;
      const at = now();
      const slot = Math.max(at, freeAt[index]!);
      // Reserve the slot before waiting so concurrent callers queue behind it, not on top of it.
      freeAt[index] = slot + intervalMs;
      if (slot > at) await sleep(slot - at);
      return { index, value: keys[index]! };
    },
  };
}

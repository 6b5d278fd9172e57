/**
 * In-memory cache of GET responses keyed by URL, honouring the API's Cache-Control max-age.
 * Bounded as an LRU because the hub looks up many different players and clans; without a bound a
 * month of ladder play would grow memory without limit.
 */
export interface ResponseCache {
  get(key: string): unknown | undefined;
  set(key: string, value: unknown, ttlMs: number): void;
  clear(): void;
  readonly size: number;
}

export function createResponseCache(options: { maxEntries: number; now: () => number }): ResponseCache {
  // A Map iterates in insertion order, so re-inserting on read makes the first key the least recently used.
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= options.now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlMs) {
      if (ttlMs <= 0 || options.maxEntries <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: options.now() + ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Seconds to cache for, or null when the response must not be cached. The official API has been
 * seen sending "public max-age=600" without a comma, so the directive is matched on its own.
 */
export function parseMaxAge(cacheControl: string | null): number | null {
  if (!cacheControl) return null;
  if (/(?:^|[\s,])(?:no-store|no-cache)(?:$|[\s,=])/i.test(cacheControl)) return null;
  const match = /(?:^|[\s,])max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (!match?.[1]) return null;
  const seconds = Number(match[1]);
  return seconds > 0 ? seconds : null;
}

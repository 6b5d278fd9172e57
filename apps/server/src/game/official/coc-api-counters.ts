/**
 * Calls to the official API and their errors, counted per key and per answer status. The metrics
 * work reads `stats()` of the client (no metrics library is required here).
 */
export interface CocApiStats {
  calls: number;
  /** Network failures, timeouts and HTTP answers ≥ 400 other than 404 (a normal "unknown tag"). */
  errors: number;
  /** Calls per key position in COC_API_KEY (never the key itself). */
  callsPerKey: number[];
  /** By HTTP status, or 'network' for no answer. */
  byStatus: Record<string, number>;
}

export interface CocApiCounters {
  record(keyIndex: number, status: number | 'network'): void;
  snapshot(): CocApiStats;
}

export function createCocApiCounters(keyCount: number): CocApiCounters {
  const stats: CocApiStats = { calls: 0, errors: 0, callsPerKey: Array(keyCount).fill(0), byStatus: {} };
  return {
    record(keyIndex, status) {
      stats.calls++;
      stats.callsPerKey[keyIndex] = (stats.callsPerKey[keyIndex] ?? 0) + 1;
      stats.byStatus[String(status)] = (stats.byStatus[String(status)] ?? 0) + 1;
      if (status === 'network' || (status >= 400 && status !== 404)) stats.errors++;
    },
    snapshot: () => structuredClone(stats),
  };
}

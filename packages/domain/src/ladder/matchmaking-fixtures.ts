import { createPrng } from '../competition/prng.js';
import type { QueueEntry, QueuePair } from './matchmaking.js';

/** Shared by the matchmaking tests: a fixed clock and a compact way to write queue entries. */
export const NOW = Date.parse('2025-10-15T12:00:00Z');
export const SECOND = 1_000;

/** A waiting entry of the 'ol' TH17 queue that has waited `waitedSeconds` at NOW. */
export function entry(
  rosterId: string,
  points: number,
  waitedSeconds = 0,
  extra: Partial<QueueEntry> = {},
): QueueEntry {
  return {
    rosterId,
    segmentId: 'ol',
    thLevel: 17,
    points,
    joinedAt: new Date(NOW - waitedSeconds * SECOND).toISOString(),
    ...extra,
  };
}

export const asTuples = (pairs: QueuePair[]) => pairs.map((p) => [p.homeRosterId, p.awayRosterId]);

/** Small seeded PRNG so the property tests are reproducible (the competition engine's generator). */
export const mulberry32 = createPrng;

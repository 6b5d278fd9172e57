/**
 * Seeded pseudo-random numbers for the competition engines. Every random choice of a stage (today:
 * none in the pairing itself, only the order of equal seeds) comes from a generator seeded by the
 * segment id and the round number, so a reset-and-regenerate of a round gives the same result on
 * every server instance, and the seed can be stored with the round.
 */

/** 32-bit FNV-1a hash of a string: stable across platforms and Node versions. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The seed of one round of one segment (round 0 = the stage's creation, e.g. seeding ties). */
export function competitionSeed(segmentId: string, roundNumber: number): number {
  return hashString(`${segmentId}#${roundNumber}`);
}

/** mulberry32: tiny, fast and good enough for shuffles; returns floats in [0, 1). */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates shuffle of a copy, driven by `random`. */
export function seededShuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    const kept = out[index]!;
    out[index] = out[other]!;
    out[other] = kept;
  }
  return out;
}

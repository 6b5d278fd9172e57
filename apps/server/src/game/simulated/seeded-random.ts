import { createPrng } from '@cwh/domain';

/**
 * Deterministic random numbers for the simulated game. Math.random cannot be replayed; a seeded
 * generator lets a stored seed reproduce a war exactly.
 */
export function createRandom(seed: string | number): () => number {
  return createPrng(typeof seed === 'number' ? seed >>> 0 : fnv1a(seed));
}

/** 32-bit FNV-1a: spreads similar seeds ('match-1', 'match-2') far apart. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

import type { SimClan, SimDataset, SimPlayer } from '../../apps/server/src/game/simulated/sim-dataset.js';

const ALPHABET = '0289PYLQGRJCUV';
const ROLES = ['leader', 'coLeader', 'elder', 'member', 'member', 'member'] as const;
const FIRST = ['Ari', 'Bea', 'Cyd', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kai', 'Lea'];
const CLAN_WORDS = ['Storm', 'Iron', 'Night', 'Ember', 'Frost', 'Stone', 'Wild', 'Sky', 'Dune', 'Tide'];
const CLAN_NOUNS = ['Wolves', 'Lancers', 'Titans', 'Ravens', 'Guards', 'Blades', 'Riders', 'Hawks'];

/** `n` in the tag alphabet, `width` characters. */
function digits(n: number, width: number): string {
  let out = '';
  let rest = n;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[rest % ALPHABET.length]! + out;
    rest = Math.floor(rest / ALPHABET.length);
  }
  return out;
}

export interface SeasonClan {
  index: number;
  tag: string;
  name: string;
  /** Members in clan order: [0] is the leader (the team's captain). */
  playerTags: string[];
}

/**
 * The season's clans in the simulated game: TH17, public war log, no war, 6 members each (leader,
 * co-leader, elder, 3 members). Tags start with `#YU` (clans) and `#YU…` codes (players): the
 * simulated game's own dataset uses none of them.
 */
export function seasonWorld(clans: number): { dataset: SimDataset; clans: SeasonClan[] } {
  const simClans: SimClan[] = [];
  const players: SimPlayer[] = [];
  const out: SeasonClan[] = [];
  for (let i = 0; i < clans; i++) {
    const tag = `#YUQ${digits(i, 5)}`;
    const name = `${CLAN_WORDS[i % CLAN_WORDS.length]} ${CLAN_NOUNS[Math.floor(i / CLAN_WORDS.length) % CLAN_NOUNS.length]} ${i + 1}`;
    simClans.push({
      tag,
      name,
      clanLevel: 10 + (i % 15),
      isWarLogPublic: true,
      warStatus: 'none',
      purpose: 'Season rehearsal clan (season/).',
    });
    const code = `YU${digits(i, 3)}`;
    const tags: string[] = [];
    ROLES.forEach((role, k) => {
      const playerTag = `#${code}${digits(k, 2)}`;
      tags.push(playerTag);
      players.push({
        tag: playerTag,
        name: `${FIRST[(i + k) % FIRST.length]} ${i + 1}.${k + 1}`,
        townHallLevel: 17,
        clanTag: tag,
        role,
        apiToken: `sim-token-${playerTag.slice(1)}`,
        banned: false,
      });
    });
    out.push({ index: i, tag, name, playerTags: tags });
  }
  return { dataset: { clans: simClans, players }, clans: out };
}

/** Seeded PRNG (mulberry32): the same seed gives the same bots. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    fork: (salt: number) => createRng((seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0),
  };
}
export type Rng = ReturnType<typeof createRng>;

import type { ClanRole, WarStatus } from '../game-adapter.js';
import { TAG_ALPHABET } from '../tags.js';

/**
 * The simulated game's seed data: two flat tables (clans, players) so a later step can insert
 * them as rows unchanged. Clan membership lives on the player (clanTag + role), as in the game.
 * Every clan exists to exercise specific spec rules; `purpose` says which.
 * Tags are stable: a player's tag depends only on its clan code and position in that clan's list,
 * so append new members at the end of a list, never in the middle.
 */

export interface SimClan {
  tag: string;
  name: string;
  clanLevel: number;
  isWarLogPublic: boolean;
  warStatus: WarStatus;
  purpose: string;
}

export interface SimPlayer {
  tag: string;
  name: string;
  townHallLevel: number;
  clanTag: string | null;
  role: ClanRole | null;
  /** What the player would copy from the game's settings screen to prove account ownership. */
  apiToken: string;
  banned: boolean;
}

export interface SimDataset {
  clans: readonly SimClan[];
  players: readonly SimPlayer[];
}

export const SIM_CLAN_TAGS = {
  atlantaTitans: '#2Y0PQ9LC',
  nordicRaiders: '#9RJGCUV2',
  ironVanguard: '#P28QY0LR',
  friendlyFire: '#L0V9C2JG',
  hiddenBlades: '#QGU28YRP',
  fifteenForge: '#JQ2C9P0V',
  twelveTowers: '#UV8R0LYQ',
  nineLives: '#C9G2QLUJ',
  loneWolves: '#RP0YJ2C8',
} as const;

/** The token a simulated player uses; predictable on purpose so testers can log in as anyone. */
export function simApiToken(tag: string): string {
  return `sim-token-${tag.replace(/^#/, '')}`;
}

export type MemberRow = readonly [name: string, role: ClanRole, townHallLevel: number, banned?: boolean];

export function playerTag(code: string, index: number): string {
  const high = TAG_ALPHABET[Math.floor(index / TAG_ALPHABET.length)];
  const low = TAG_ALPHABET[index % TAG_ALPHABET.length];
  return `#${code}${high}${low}`;
}

function player(
  code: string,
  index: number,
  clanTag: string | null,
  [name, role, townHallLevel, banned = false]: readonly [string, ClanRole | null, number, boolean?],
): SimPlayer {
  const tag = playerTag(code, index);
  return {
    tag,
    name,
    townHallLevel,
    clanTag,
    role: clanTag ? role : null,
    apiToken: simApiToken(tag),
    banned,
  };
}

export function members(clanTag: string, code: string, rows: readonly MemberRow[]): SimPlayer[] {
  return rows.map((row, index) => player(code, index, clanTag, row));
}

export const simClans: readonly SimClan[] = [
  {
    tag: SIM_CLAN_TAGS.atlantaTitans,
    name: 'Atlanta Titans',
    clanLevel: 24,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose:
      'Championship (TH17) happy path: leader, 2 co-leaders as captain candidates, elders and members who cannot captain, one TH16 member who is locked out of selection.',
  },
  {
    tag: SIM_CLAN_TAGS.nordicRaiders,
    name: 'Nordic Raiders',
    clanLevel: 19,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose:
      'Second championship clan, the usual ladder opponent of Atlanta Titans; one co-leader only, one TH16 member and one banned member (PLAYER_BANNED).',
  },
  {
    tag: SIM_CLAN_TAGS.ironVanguard,
    name: 'Iron Vanguard',
    clanLevel: 16,
    isWarLogPublic: true,
    warStatus: 'clanWar',
    purpose:
      'TH17 clan currently in a clan war: CLAN_IS_IN_WAR / OPPONENT_IS_IN_WAR, cannot queue (error 23).',
  },
  {
    tag: SIM_CLAN_TAGS.friendlyFire,
    name: 'Friendly Fire',
    clanLevel: 13,
    isWarLogPublic: true,
    warStatus: 'friendlyWar',
    purpose: 'TH17 clan in a friendly war, which blocks matches just like a clan war (spec 5).',
  },
  {
    tag: SIM_CLAN_TAGS.hiddenBlades,
    name: 'Hidden Blades',
    clanLevel: 18,
    isWarLogPublic: false,
    warStatus: 'none',
    purpose: 'TH17 clan with a private war log: "Public War Log must be enabled" (errors 21/22).',
  },
  {
    tag: SIM_CLAN_TAGS.fifteenForge,
    name: 'Fifteen Forge',
    clanLevel: 11,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose:
      'Town hall cup TH15: exactly 5 members at the clan level (preselected), plus one TH14 who is not selectable.',
  },
  {
    tag: SIM_CLAN_TAGS.twelveTowers,
    name: 'Twelve Towers',
    clanLevel: 9,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose:
      'Town hall cup TH12: 6 members at the clan level (more than 5, so only the captain is preselected) plus one TH11.',
  },
  {
    tag: SIM_CLAN_TAGS.nineLives,
    name: 'Nine Lives',
    clanLevel: 7,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose:
      'Town hall cup TH9: 5 TH9 members and one TH10, showing the clan level is the most common, not the highest.',
  },
  {
    tag: SIM_CLAN_TAGS.loneWolves,
    name: 'Lone Wolves',
    clanLevel: 3,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose:
      'TH17 clan of only 4 members and a low clan level: "Please pick at least 5 clan members" / INCOMPLETE_CLAN.',
  },
];

export const simPlayers: readonly SimPlayer[] = [
  ...members(SIM_CLAN_TAGS.atlantaTitans, 'LQ2Y0', [
    ['Marcus Stone', 'leader', 17],
    ['Aiko Tanaka', 'coLeader', 17],
    ['Rafael Cruz', 'coLeader', 17],
    ['Jonas Berg', 'elder', 17],
    ['Priya Nair', 'elder', 17],
    ['Luca Romano', 'member', 17],
    ['Chen Wei', 'member', 17],
    ['Sam Okafor', 'member', 16],
    ['Elena Petrova', 'member', 17],
    ['Noah Fischer', 'member', 17],
  ]),
  ...members(SIM_CLAN_TAGS.nordicRaiders, 'RG2C9', [
    ['Erik Lund', 'leader', 17],
    ['Sofia Holm', 'coLeader', 17],
    ['Mika Virtanen', 'elder', 17],
    ['Ingrid Dahl', 'elder', 17],
    ['Lars Nygaard', 'member', 17],
    ['Oskar Berg', 'member', 16],
    ['Freya Olsen', 'member', 17],
    ['Anders Vik', 'member', 17],
    ['Viktor Sand', 'member', 17, true],
  ]),
  ...members(SIM_CLAN_TAGS.ironVanguard, 'P0VUJ', [
    ['Diego Ramos', 'leader', 17],
    ['Hana Kim', 'coLeader', 17],
    ['Tomasz Nowak', 'elder', 17],
    ['Amara Diallo', 'member', 17],
    ['Felix Wagner', 'member', 17],
    ['Yuki Sato', 'member', 17],
  ]),
  ...members(SIM_CLAN_TAGS.friendlyFire, 'Y8JLQ', [
    ['Olivia Brown', 'leader', 17],
    ['Mateo Silva', 'coLeader', 17],
    ['Lea Martin', 'elder', 17],
    ['Kofi Mensah', 'member', 17],
    ['Isabel Costa', 'member', 17],
    ['Ravi Patel', 'member', 17],
  ]),
  ...members(SIM_CLAN_TAGS.hiddenBlades, 'G9CR2', [
    ['Kenji Mori', 'leader', 17],
    ['Nadia Haddad', 'coLeader', 17],
    ['Pierre Laurent', 'elder', 17],
    ['Zara Ahmed', 'member', 17],
    ['Bruno Alves', 'member', 17],
    ['Mina Park', 'member', 17],
  ]),
  ...members(SIM_CLAN_TAGS.fifteenForge, 'UQ8P0', [
    ['Ana Lima', 'leader', 15],
    ['Tariq Aziz', 'coLeader', 15],
    ['Julia Becker', 'elder', 15],
    ['Minh Nguyen', 'member', 15],
    ['Carlos Vega', 'member', 15],
    ['Emma Wilson', 'member', 14],
  ]),
  ...members(SIM_CLAN_TAGS.twelveTowers, 'J2RYV', [
    ['Giulia Conti', 'leader', 12],
    ['Sven Karlsson', 'coLeader', 12],
    ['Lina Schmidt', 'elder', 12],
    ['Arjun Rao', 'elder', 12],
    ['Chloe Dubois', 'member', 12],
    ['Mei Lin', 'member', 12],
    ['Omar Farouk', 'member', 11],
  ]),
  ...members(SIM_CLAN_TAGS.nineLives, 'C0GLP', [
    ['Pablo Ortiz', 'leader', 9],
    ['Sara Jensen', 'coLeader', 9],
    ['Ivan Petrov', 'elder', 9],
    ['Lucy Evans', 'member', 9],
    ['Jin Ho', 'member', 9],
    ['Maya Cohen', 'member', 10],
  ]),
  ...members(SIM_CLAN_TAGS.loneWolves, 'V2Q8G', [
    ['Wolf Richter', 'leader', 17],
    ['Nina Berger', 'coLeader', 17],
    ['Ali Hassan', 'elder', 17],
    ['Rosa Moreno', 'member', 17],
  ]),
  // Without a clan: NO_CLAN at login; at three different levels for the town hall checks.
  player('0YPLR', 0, null, ['Drifter Dan', null, 17]),
  player('0YPLR', 1, null, ['Nomad Nia', null, 14]),
  player('0YPLR', 2, null, ['Solo Sven', null, 12]),
];

export const simDataset: SimDataset = { clans: simClans, players: simPlayers };

/** Named players the tests and the seed refer to, so nobody hard-codes an index. */
export const SIM_PLAYER_TAGS = {
  titansLeader: playerTag('LQ2Y0', 0),
  titansCoLeader: playerTag('LQ2Y0', 1),
  titansElder: playerTag('LQ2Y0', 3),
  titansTh16: playerTag('LQ2Y0', 7),
  raidersLeader: playerTag('RG2C9', 0),
  raidersCoLeader: playerTag('RG2C9', 1),
  raidersBanned: playerTag('RG2C9', 8),
  loneWolvesLeader: playerTag('V2Q8G', 0),
  clanlessTh17: playerTag('0YPLR', 0),
  clanlessTh14: playerTag('0YPLR', 1),
} as const;

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Recorded answers of the official Clash of Clans API (test/fixtures/coc-api, from coc.py, MIT; see
 * its SOURCE.md). Each file is { body, headers, response_code }.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'coc-api');

export interface RecordedResponse {
  body: Record<string, unknown>;
  headers: Record<string, string>;
  response_code: number;
}

export type RecordedName =
  | 'clans/clans/CLAN'
  | 'clans/clanwarleagues/ENDED'
  | 'clans/clanwarleagues/INWAR'
  | 'clans/clanwarleagues/PREPARATION'
  | 'clans/currentwar/ACCESSDENIED'
  | 'clans/currentwar/INWAR'
  | 'clans/currentwar/NOTINWAR'
  | 'clans/currentwar/PREPARATION'
  | 'clans/currentwar/WARENDED'
  | 'clans/leaguegroup/INWAR_WARSMISSING'
  | 'clans/leaguegroup/NOTFOUND'
  | 'clans/members/MEMBERS'
  | 'clans/warlog/ACCESSDENIED'
  | 'clans/warlog/WARLOG'
  | 'players/player/FOUND'
  | 'players/player/NOTFOUND'
  | 'players/verifytoken/INVALID'
  | 'players/verifytoken/NOTFOUND'
  | 'players/verifytoken/VALID';

export function recorded(name: RecordedName): RecordedResponse {
  return JSON.parse(readFileSync(join(ROOT, `${name}.json`), 'utf8')) as RecordedResponse;
}

/** A recorded body, deep-copied so a test may change it. */
export function recordedBody<T = Record<string, unknown>>(name: RecordedName): T {
  return structuredClone(recorded(name).body) as T;
}

interface RecordedWarSide {
  tag: string;
  name: string;
  stars: number;
  destructionPercentage: number;
  members: Array<{ tag: string; attacks?: Array<{ attackerTag: string; defenderTag: string }> }>;
  [field: string]: unknown;
}

export interface RecordedWar {
  state: string;
  teamSize: number;
  attacksPerMember?: number;
  preparationStartTime: string;
  startTime: string;
  endTime: string;
  clan: RecordedWarSide;
  opponent: RecordedWarSide;
  [field: string]: unknown;
}

/** The recorded war seen from the other clan: the API puts the clan asked about under `clan`. */
export function fromOpponentSide(war: RecordedWar): RecordedWar {
  return {
    ...structuredClone(war),
    clan: structuredClone(war.opponent),
    opponent: structuredClone(war.clan),
  };
}

/**
 * The recorded war between two other clans, retagged to the given clans (tags of the clans and of
 * the attacks' clan members stay recorded; only the clans' own tags and names change).
 */
export function retagWar(
  war: RecordedWar,
  home: { tag: string; name: string },
  away: { tag: string; name: string },
): RecordedWar {
  const copy = structuredClone(war);
  copy.clan.tag = home.tag;
  copy.clan.name = home.name;
  copy.opponent.tag = away.tag;
  copy.opponent.name = away.name;
  return copy;
}

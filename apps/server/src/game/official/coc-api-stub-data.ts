/** What the Clash of Clans API stub knows: its players and clans (the fixtures import this, not the stub). */

export type OfficialRole = 'leader' | 'coLeader' | 'admin' | 'member';

export interface StubPlayer {
  tag: string;
  name: string;
  townHallLevel: number;
  /** Clan membership lives on the player; the clan's memberList is derived from it. */
  clanTag?: string;
  role?: OfficialRole;
  apiToken: string;
}

export interface StubClan {
  tag: string;
  name: string;
  clanLevel: number;
  isWarLogPublic: boolean;
  /**
   * Either a short form (state and times; the stub fills in a 5 v 5 war of this clan), or a
   * recorded /currentwar body (it has `clan`), served as it is.
   */
  currentWar: {
    state: 'notInWar' | 'preparation' | 'inWar' | 'warEnded';
    preparationStartTime?: string;
    startTime?: string;
    clan?: unknown;
    [field: string]: unknown;
  };
  /** A recorded /warlog body; absent means an empty log. */
  warLog?: unknown;
  /** A recorded /currentwar/leaguegroup body; absent means 404 (not in a league group). */
  leagueGroup?: unknown;
}

export interface StubData {
  players: StubPlayer[];
  clans: StubClan[];
  /** Recorded /clanwarleagues/wars/{warTag} bodies by war tag; others answer 404. */
  leagueWars?: Record<string, unknown>;
}

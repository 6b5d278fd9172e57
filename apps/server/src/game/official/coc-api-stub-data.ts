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
  currentWar: {
    state: 'notInWar' | 'preparation' | 'inWar' | 'warEnded';
    preparationStartTime?: string;
    startTime?: string;
  };
}

export interface StubData {
  players: StubPlayer[];
  clans: StubClan[];
}

import type { Clan, ClanMember } from './clan.js';
import type { QueueStatus } from './ladder.js';
import type { Roster } from './roster.js';

/** Everything the hub knows about the signed-in player after the initial load (spec 3). */
export interface UserSessionState {
  userId: string | null;
  /** User token from the game (scToken). */
  scToken: string | null;
  apiToken: string | null;
  platform: string | null;
  region: string | null;
  country: string | null;
  playerTag: string | null;
  inApp: boolean;
  isChinese: boolean;
  clan: Clan | null;
  clanMembers: ClanMember[];
  isLeader: boolean;
  isCoLeader: boolean;
  latestRoster: Roster | null;
  rosters: Roster[];
  middlewareRosterId: string | null;
  queueStatus: QueueStatus;
  periods: {
    registrationClosed: boolean;
    checkIn: boolean;
    play: boolean;
    afterDayOne: boolean;
    beforeDayTwo: boolean;
    beforePlay: boolean;
  };
  isCheckedIn: boolean;
  notInvited: boolean;
  thNotHighEnough: boolean;
  clanDidNotCreateRoster: boolean;
}

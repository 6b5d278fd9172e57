import type { IsoDateTime } from './common.js';

export interface Attachment {
  id: string;
  url: string;
  createdAt: IsoDateTime;
}

export interface Franchise {
  id: string;
  name: string;
}

export interface Role {
  id: string;
  name: string;
  permissions: string[];
}

/** Platform team (not the clan team): name, game, owner. */
export interface PlatformTeam {
  id: string;
  name: string;
  gameId: string;
  ownerId: string;
}

export interface Player {
  id: string;
  userId: string;
  rosterId: string;
}

/** Phases of a team through a segment, in the order of spec 4. */
export const TEAM_PHASES = [
  'gettingReady',
  'registration',
  'rosterIncomplete',
  'rosterCompleteNotStarted',
  'rosterLocked',
  'ladderInProgress',
  'ladderFinished',
  'preSegmentCheckIn',
  'tournamentInProgress',
  'phaseComplete',
  'finalsWinner',
] as const;
export type TeamPhase = (typeof TEAM_PHASES)[number];

import type { IsoDateTime } from './common.js';

export const QUEUE_STATUSES = ['none', 'inQueue', 'accepted'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const MATCH_UP_STATUSES = [
  'awaiting_confirmation',
  'accepted',
  'declined',
  'expired',
  'cancelled',
] as const;
export type MatchUpStatus = (typeof MATCH_UP_STATUSES)[number];

/** A ladder pairing both captains must accept within the accept window. */
export interface MatchUp {
  id: string;
  status: MatchUpStatus;
  createdAt: IsoDateTime;
  /** Server-side deadline; when absent it is createdAt + the accept window. */
  expiresAt?: IsoDateTime | null;
  homeRosterId?: string;
  awayRosterId?: string;
  matchSeriesId?: string | null;
}

export interface LadderEntry {
  rosterId: string;
  rank: number;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  gamesPlayed: number;
  /** `W-L`, or `W-L-D` once the roster played a draw (it always adds up to gamesPlayed). */
  record: string;
  starsFor: number;
  starsAgainst: number;
}

export const CHALLENGE_STATUSES = ['open', 'closed'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** Pick and ban challenge. */
export interface Challenge {
  id: string;
  status: ChallengeStatus;
  matchSeriesId: string | null;
  categoryId: string | null;
}

export const PARTICIPANT_STATUSES = ['qualified', 'eliminated'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export const TICKET_TYPES = ['golden', 'silver'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

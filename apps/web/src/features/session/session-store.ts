import type { ClanMemberValue, ClanRoleValue, ClanRosterValue, Token } from '@cwh/contract';
import type { UserSessionState } from '@cwh/domain';
import { useSyncExternalStore } from 'react';

/** How far the initial load got for this visitor. */
export type SessionStatus =
  /** Nothing tried yet, or the launch parameters are missing: nobody is signed in. */
  | 'signedOut'
  /** The game-user lookup answered: the player is known (registered or not). */
  | 'signedIn'
  /** A lookup answered 401 NO_CLAN / PLAYER_BANNED: the hub works read-only. */
  | 'limited';

/**
 * The spec's "User session state" (domain UserSessionState) plus what the hub pages need on top:
 * the player token pair, the player's own name/role/TH, the clan's name, the clan roster from the
 * clan service, and the decisions taken at initial load (registration button, active segment).
 */
export interface SessionState
  extends Omit<UserSessionState, 'clan' | 'clanMembers' | 'latestRoster' | 'rosters' | 'scToken'> {
  status: SessionStatus;
  /** Bearer player token (the spec's user token, scToken). */
  scToken: Token | null;
  refreshToken: Token | null;
  playerName: string | null;
  role: ClanRoleValue | null;
  /** The player's own town hall level. */
  thLevel: number | null;
  clan: { tag: string; name: string; thLevel: number } | null;
  clanMembers: ClanMemberValue[];
  /** The clan's roster as the clan service shows it (members with registration status). */
  roster: ClanRosterValue | null;
  isCaptain: boolean;
  /** The player has a hub account (profile): the lookup answered 200. */
  hasAccount: boolean;
  /** The player registered individually for the team. */
  isRegistered: boolean;
  showRegistrationButton: boolean;
  /** Level-0 segment the team plays in (spec 4 active segment from the TH level). */
  activeSegmentId: string | null;
  activeEventId: string | null;
  /** Error code of a limited session (NO_CLAN, PLAYER_BANNED). */
  limitedReason: string | null;
}

export const INITIAL_SESSION: SessionState = {
  status: 'signedOut',
  userId: null,
  scToken: null,
  refreshToken: null,
  apiToken: null,
  platform: null,
  region: null,
  country: null,
  playerTag: null,
  playerName: null,
  role: null,
  thLevel: null,
  inApp: false,
  isChinese: false,
  clan: null,
  clanMembers: [],
  roster: null,
  isCaptain: false,
  isLeader: false,
  isCoLeader: false,
  middlewareRosterId: null,
  queueStatus: 'none',
  periods: {
    registrationClosed: false,
    checkIn: false,
    play: false,
    afterDayOne: false,
    beforeDayTwo: false,
    beforePlay: false,
  },
  isCheckedIn: false,
  notInvited: false,
  thNotHighEnough: false,
  clanDidNotCreateRoster: false,
  hasAccount: false,
  isRegistered: false,
  showRegistrationButton: false,
  activeSegmentId: null,
  activeEventId: null,
  limitedReason: null,
};

let state: SessionState = INITIAL_SESSION;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

/** Merges a patch into the session and notifies subscribers. */
export function updateSession(patch: Partial<SessionState>): SessionState {
  state = { ...state, ...patch };
  emit();
  return state;
}

/** Back to signed out, keeping how the hub was opened (in-app or standalone). */
export function resetSession(keep: Partial<SessionState> = {}): void {
  state = { ...INITIAL_SESSION, inApp: state.inApp, ...keep };
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The server renderer's session: a visitor's (entry-server.tsx); hydration reads the same. */
const getServerSession = (): SessionState => INITIAL_SESSION;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getServerSession);
}

import { fatalErrorRoute } from './error-codes.js';

/** What the initial load must do with the game-user lookup's answer (spec 8). */
export type InitialLoadOutcome =
  | { kind: 'registered' }
  /** 404: store leader, role, clan, TH level and token; load the middleware roster; decide the button. */
  | { kind: 'notRegistered' }
  | { kind: 'thNotHighEnough' }
  | { kind: 'notInvited'; clanRosterId: string }
  | { kind: 'clanDidNotCreateRoster' }
  /** NO_CLAN / PLAYER_BANNED: console only, the hub still works read-only. */
  | { kind: 'logOnly' }
  | { kind: 'fatal'; message: string; route: string; logRemotely: boolean };

export function initialLoadOutcome(
  status: number,
  code: string | null | undefined,
  clanRosterId: string | null | undefined,
  message?: string | null,
): InitialLoadOutcome {
  if (status >= 200 && status < 300) return { kind: 'registered' };
  if (status === 404) return { kind: 'notRegistered' };
  if (status === 401) {
    switch (code) {
      case 'INSUFFICIENT_TH_LEVEL':
        return { kind: 'thNotHighEnough' };
      case 'INSUFFICIENT_ROLE':
      case 'NOT_INVITED':
        return clanRosterId ? { kind: 'notInvited', clanRosterId } : { kind: 'clanDidNotCreateRoster' };
      case 'NO_CLAN':
      case 'PLAYER_BANNED':
        return { kind: 'logOnly' };
    }
  }
  const kept = message?.trim() || 'unknown';
  return { kind: 'fatal', message: kept, route: fatalErrorRoute(kept), logRemotely: status === 401 };
}

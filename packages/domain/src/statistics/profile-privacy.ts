import { hasRole, isStaff } from '../admin/permissions.js';

/** Who asks: the verified player's tag (player token) and the hub user's staff roles, if any. */
export interface ProfileCaller {
  playerTag: string | null;
  permissions: readonly string[];
}

/**
 * A player hides or shows their own profile; support and admin may do it for them (a player who
 * asks support). Organizers run events, not people's privacy.
 */
export function canSetProfilePrivacy(caller: ProfileCaller, profileTag: string): boolean {
  if (caller.playerTag === profileTag) return true;
  return hasRole(caller.permissions, 'admin') || hasRole(caller.permissions, 'support');
}

/** A hidden profile is still read by the player and by staff (every staff role). */
export function canReadHiddenProfile(caller: ProfileCaller, profileTag: string): boolean {
  return caller.playerTag === profileTag || isStaff(caller.permissions);
}

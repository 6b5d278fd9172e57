import * as z from './safe-zod.js';

/**
 * A player or clan tag as a player types it: an optional '#', then 3 to 12 characters of the game's
 * tag alphabet (a letter O is read as the digit 0). The server normalises it to '#' + uppercase.
 */
export const GAME_TAG_PATTERN = /^\s*#?[0289PYLQGRJCUVO]{3,12}\s*$/i;
export const gameTag = z
  .string()
  .max(20)
  .regex(GAME_TAG_PATTERN, "a tag has 3 to 12 characters from 0289PYLQGRJCUV after the '#'");

export const clanRole = z.enum(['leader', 'coLeader', 'elder', 'member']);
export type ClanRoleValue = z.infer<typeof clanRole>;

import { z } from 'zod';
import type { ClanRole } from '../game-adapter.js';

/**
 * Only the fields the hub reads. Unknown fields are dropped, so the API adding fields never breaks
 * us; a missing or mistyped field we rely on is a bad_response.
 */

export const officialErrorSchema = z.object({
  reason: z.string().optional(),
  message: z.string().optional(),
});

export const verifyTokenResponseSchema = z.object({
  tag: z.string(),
  token: z.string().optional(),
  status: z.enum(['ok', 'invalid']),
});

export const officialPlayerSchema = z.object({
  tag: z.string(),
  name: z.string(),
  townHallLevel: z.number().int(),
  clan: z.object({ tag: z.string(), name: z.string() }).optional(),
  role: z.string().optional(),
});

export const officialClanSchema = z.object({
  tag: z.string(),
  name: z.string(),
  clanLevel: z.number().int(),
  // Absent on some clans in older API versions; absent means the game will not show the log.
  isWarLogPublic: z.boolean().default(false),
  memberList: z
    .array(
      z.object({
        tag: z.string(),
        name: z.string(),
        role: z.string(),
        townHallLevel: z.number().int(),
      }),
    )
    .default([]),
});

export const officialCurrentWarSchema = z.object({
  state: z.enum(['notInWar', 'preparation', 'inWar', 'warEnded']),
  preparationStartTime: z.string().optional(),
  startTime: z.string().optional(),
});

export type OfficialCurrentWar = z.infer<typeof officialCurrentWarSchema>;

/** The official API calls elders 'admin'; 'notMember' and anything new mean "no clan role". */
export function mapOfficialRole(role: string | undefined): ClanRole | null {
  switch (role) {
    case 'leader':
      return 'leader';
    case 'coLeader':
      return 'coLeader';
    case 'admin':
    case 'elder':
      return 'elder';
    case 'member':
      return 'member';
    default:
      return null;
  }
}

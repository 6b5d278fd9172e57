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

const officialAttackSchema = z.object({
  attackerTag: z.string(),
  defenderTag: z.string(),
  stars: z.number().int(),
  destructionPercentage: z.number(),
  order: z.number().int(),
  duration: z.number().int().optional(),
});

const officialWarClanSchema = z.object({
  // A clan not in war has an empty side without a tag (NOTINWAR).
  tag: z.string().optional(),
  name: z.string().optional(),
  stars: z.number().int().default(0),
  destructionPercentage: z.number().default(0),
  members: z
    .array(
      z.object({
        tag: z.string(),
        name: z.string(),
        mapPosition: z.number().int().optional(),
        attacks: z.array(officialAttackSchema).default([]),
      }),
    )
    .default([]),
});

/** /clans/{tag}/currentwar and /clanwarleagues/wars/{warTag} share this shape. */
export const officialCurrentWarSchema = z.object({
  state: z.enum(['notInWar', 'preparation', 'inWar', 'warEnded']),
  teamSize: z.number().int().optional(),
  attacksPerMember: z.number().int().optional(),
  preparationStartTime: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  clan: officialWarClanSchema.optional(),
  opponent: officialWarClanSchema.optional(),
});

export const officialLeagueGroupSchema = z.object({
  state: z.string(),
  rounds: z.array(z.object({ warTags: z.array(z.string()) })).default([]),
});

export const officialWarLogSchema = z.object({
  items: z.array(
    z.object({
      result: z.enum(['win', 'lose', 'tie']).nullish(),
      endTime: z.string(),
      teamSize: z.number().int(),
      attacksPerMember: z.number().int().optional(),
      clan: z.object({ tag: z.string(), stars: z.number().int(), destructionPercentage: z.number() }),
      opponent: z.object({ tag: z.string().optional() }),
    }),
  ),
});

export type OfficialWarLog = z.infer<typeof officialWarLogSchema>;
export type OfficialWarClan = z.infer<typeof officialWarClanSchema>;

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

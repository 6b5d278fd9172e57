import { clanRole, gameTag } from './game-tags.js';
import { document, listDocument } from './jsonapi.js';
import * as z from './safe-zod.js';

// Simulator API at SIMULATOR_API (paths.ts, zod-free).

export const warStatus = z.enum(['clanWar', 'friendlyWar', 'none']);

export const simPlayerResource = z.object({
  id: z.string(),
  type: z.literal('sim-players'),
  attributes: z.object({
    tag: z.string(),
    name: z.string(),
    townHallLevel: z.number().int(),
    clanTag: z.string().nullable(),
    clanName: z.string().nullable(),
    role: clanRole.nullable(),
    apiToken: z.string(),
    banned: z.boolean(),
  }),
});
export type SimPlayerResource = z.infer<typeof simPlayerResource>;
export const simPlayerDocument = document(simPlayerResource);
export const simPlayerListDocument = listDocument(simPlayerResource);
export const simPlayerListQuery = z.object({ 'filter[clan]': gameTag.optional() });

export const simClanResource = z.object({
  id: z.string(),
  type: z.literal('sim-clans'),
  attributes: z.object({
    tag: z.string(),
    name: z.string(),
    clanLevel: z.number().int(),
    isWarLogPublic: z.boolean(),
    warStatus,
    thLevel: z.number().int(),
    memberCount: z.number().int(),
  }),
});
export type SimClanResource = z.infer<typeof simClanResource>;
export const simClanDocument = document(simClanResource);
export const simClanListDocument = listDocument(simClanResource);

export const simTagParams = z.object({ tag: gameTag });

/** PATCH /players/{tag}: any subset; clanTag null removes the player from their clan. */
export const simPlayerPatchBody = z.object({
  data: z.object({
    attributes: z
      .object({
        role: clanRole.optional(),
        townHallLevel: z.number().int().min(1).max(17).optional(),
        clanTag: gameTag.nullable().optional(),
        banned: z.boolean().optional(),
      })
      .strict(),
  }),
});
export type SimPlayerPatchBody = z.infer<typeof simPlayerPatchBody>;

/** PATCH /clans/{tag}: put the clan in a clan war / friendly war / none; toggle the war log. */
export const simClanPatchBody = z.object({
  data: z.object({
    attributes: z
      .object({ warStatus: warStatus.optional(), isWarLogPublic: z.boolean().optional() })
      .strict(),
  }),
});
export type SimClanPatchBody = z.infer<typeof simClanPatchBody>;

/** A demo team the demo bots could not queue (GET /demo-bots/refusals): why, by its error code. */
export const demoBotRefusalResource = z.object({
  id: z.string(),
  type: z.literal('demo-bot-refusals'),
  attributes: z.object({
    team: z.string(),
    code: z.string(),
    detail: z.string(),
    at: z.string(),
  }),
});
export type DemoBotRefusalResource = z.infer<typeof demoBotRefusalResource>;
export const demoBotRefusalListDocument = listDocument(demoBotRefusalResource);
export type DemoBotRefusalListDocument = z.infer<typeof demoBotRefusalListDocument>;

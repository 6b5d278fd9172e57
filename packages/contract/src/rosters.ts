import { gameTag } from './game-tags.js';
import { document, listDocument, pageQuery, requestBody, resource, toMany, toOne } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/** Platform rosters `/api/tournaments/1.0/rosters` (docs/api/rosters.md for who may call what). */

export const CLAN_TAG_EXTERNAL_PROVIDER = 'sc_coc_clan_tag';
export const externalId = z.object({
  provider: z.string().min(1).max(50),
  value: z.string().min(1).max(100),
});

export const rosterPlayer = z.object({
  tag: z.string(),
  name: z.string(),
  position: z.enum(['captain', 'player']),
  userId: z.string().nullable(),
  registered: z.boolean(),
});

export const rosterAttributes = z.object({
  name: z.string().nullable(),
  /** Its name, else the owner's first game account username, else 'TBD'. */
  displayName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Set when locked. */
  confirmed_at: z.iso.datetime({ offset: true }).nullable(),
  locked: z.boolean(),
  withdrawnAt: z.iso.datetime({ offset: true }).nullable(),
  checkedIn: z.boolean(),
  tree: z.object({ level: z.number().int() }),
  thLevel: z.number().int().nullable(),
  segment: z.object({ id: z.string(), parent: z.object({ id: z.string() }).nullable() }),
  event: z.object({ id: z.string() }),
  externalIds: z.array(externalId),
  players: z.array(rosterPlayer),
});
export const rosterResource = resource(
  'rosters',
  rosterAttributes,
  z.object({ owner: toOne, users: toMany, segment: toOne, event: toOne }),
);
export type RosterResource = z.infer<typeof rosterResource>;
export const rosterDocument = document(rosterResource);
export const rosterListDocument = listDocument(rosterResource);

/** One of: filter[segment]; filter[event] + filter[owner]; filter[user]. Sorted tree.level desc, createdAt desc. */
export const rosterListQuery = pageQuery.extend({
  'filter[segment]': resourceId.optional(),
  'filter[event]': resourceId.optional(),
  'filter[owner]': resourceId.optional(),
  'filter[user]': resourceId.optional(),
});

export const createRosterBody = requestBody(
  z.object({
    name: z.string().trim().min(1).max(100),
    segmentId: resourceId,
    externalIds: z.array(externalId).max(5).optional(),
    thLevel: z.number().int().min(1).max(20).optional(),
  }),
);
export const updateRosterBody = requestBody(
  z
    .object({
      name: z.string().trim().min(1).max(100).optional(),
      /** Admin only. */
      treeLevel: z.number().int().min(0).max(20).optional(),
      /** Admin only: lock (ISO date) or unlock (null). */
      confirmed_at: z.iso.datetime({ offset: true }).nullable().optional(),
      /** The team's own chat group invite link (https), or null to fall back to the event's group. */
      chatGroupUrl: z
        .string()
        .trim()
        .max(2000)
        .regex(/^https:\/\/\S+$/, 'an https link')
        .nullable()
        .optional(),
    })
    .strict(),
);

export const joiningKeyDocument = document(
  z.object({
    id: z.string(),
    type: z.literal('joining-keys'),
    attributes: z.object({ joiningKey: z.string() }),
  }),
);
export const joinRosterBody = requestBody(z.object({ joiningKey: z.string().min(8).max(128) }));

/** POST /rosters/{id}/relationships/players: `{data: [{type: 'players', id: playerTag}]}`. */
export const addPlayersBody = z.object({
  data: z
    .array(z.object({ type: z.literal('players'), id: gameTag }))
    .min(1)
    .max(20),
});
export const rosterPlayerParams = z.object({ id: resourceId, playerTag: gameTag });

/**
 * An invitation to a roster that is not a clan's: its owner invites, the player accepts or declines
 * (`GET /rosters/invitations` lists the signed-in player's open ones; `POST
 * /rosters/invitations/{id}/accept|decline`). Adding players to such a roster invites them.
 */
export const rosterInvitationResource = resource(
  'roster-invitations',
  z.object({
    playerTag: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    answeredAt: z.iso.datetime({ offset: true }).nullable(),
    answer: z.enum(['accepted', 'declined']).nullable(),
    roster: z.object({ id: z.string(), displayName: z.string() }),
  }),
  z.object({ roster: toOne }),
);
export type RosterInvitationResource = z.infer<typeof rosterInvitationResource>;
export const rosterInvitationDocument = document(rosterInvitationResource);
export type RosterInvitationDocument = z.infer<typeof rosterInvitationDocument>;
export const rosterInvitationListDocument = listDocument(rosterInvitationResource);
export type RosterInvitationListDocument = z.infer<typeof rosterInvitationListDocument>;

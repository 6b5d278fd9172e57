import { gameTag } from './game-tags.js';
import { document, listDocument, pageQuery, requestBody, resource, toOne } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * A user's further contacts, game accounts, avatars and teams (spec §3 email address, phone number,
 * game account, team; spec §7 Users, Account, Teams). See docs/api/users-and-teams.md.
 */

export const emailAddressResource = resource(
  'email-addresses',
  z.object({
    email: z.string(),
    verified: z.boolean(),
    verifiedAt: z.string().nullable(),
    /** When the live verification link stops working; null once verified. */
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type EmailAddressResource = z.infer<typeof emailAddressResource>;
export const emailAddressDocument = document(emailAddressResource);
export const emailAddressListDocument = listDocument(emailAddressResource);
export const addEmailAddressBody = requestBody(z.object({ email: z.email().max(320) }));

/** E.164: a '+', a non-zero digit, then 6 to 14 digits (spaces, dots and dashes are dropped first). */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
export const phoneNumber = z
  .string()
  .max(32)
  .transform((value) => value.replace(/[\s.()-]/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, "an international number: '+', country code, number"));

export const phoneNumberResource = resource(
  'phone-numbers',
  z.object({
    phone: z.string(),
    verified: z.boolean(),
    verifiedAt: z.string().nullable(),
    /** When the live verification code expires; null once verified. */
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type PhoneNumberResource = z.infer<typeof phoneNumberResource>;
export const phoneNumberDocument = document(phoneNumberResource);
export const phoneNumberListDocument = listDocument(phoneNumberResource);
export const addPhoneNumberBody = requestBody(z.object({ phone: phoneNumber }));

/** The signed-in user proves an address or number: the token of the mailed link, the code of the SMS. */
export const verifyEmailAddressBody = requestBody(z.object({ token: z.string().min(16).max(256) }));
export const verifyPhoneNumberBody = requestBody(
  z.object({ phone: phoneNumber, code: z.string().regex(/^\d{6}$/) }),
);

export const gameAccountResource = resource(
  'game-accounts',
  z.object({ provider: z.string(), playerTag: z.string(), username: z.string(), createdAt: z.string() }),
);
export type GameAccountResource = z.infer<typeof gameAccountResource>;
export const gameAccountDocument = document(gameAccountResource);
export const gameAccountListDocument = listDocument(gameAccountResource);
const gameUsername = z.string().trim().min(1).max(100);
export const addGameAccountBody = requestBody(z.object({ username: gameUsername, playerTag: gameTag }));
export const patchGameAccountBody = requestBody(
  z.object({ username: gameUsername, playerTag: gameTag }).partial(),
);

export const userAddressParams = z.object({ id: resourceId, addressId: resourceId });
export const userAccountParams = z.object({ id: resourceId, accountId: resourceId });
export const imageParams = z.object({ imageId: resourceId });

/** Accepted upload types (sniffed from the bytes, whatever the request says) and the size limit. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;

export const imageResource = resource(
  'images',
  z.object({
    url: z.string(),
    contentType: z.enum(IMAGE_TYPES),
    width: z.number().int(),
    height: z.number().int(),
    byteSize: z.number().int(),
  }),
);
export const imageDocument = document(imageResource);

export const teamResource = resource(
  'teams',
  z.object({ name: z.string(), createdAt: z.string() }),
  z.object({ game: toOne, owner: toOne }),
);
export type TeamResource = z.infer<typeof teamResource>;
export const teamDocument = document(teamResource);
export const teamListDocument = listDocument(teamResource);
export const teamListQuery = pageQuery.extend({
  'filter[owner]': resourceId.optional(),
  'filter[game]': resourceId.optional(),
  'filter[search]': z.string().trim().max(100).optional(),
});
/** A team's name, its game (the hub's only game when left out) and, for an admin, another owner. */
export const createTeamBody = requestBody(
  z.object({
    name: z.string().trim().min(2).max(60),
    gameId: resourceId.optional(),
    ownerId: resourceId.optional(),
  }),
);

export type AddEmailAddressBody = z.infer<typeof addEmailAddressBody>;
export type AddPhoneNumberBody = z.infer<typeof addPhoneNumberBody>;
export type AddGameAccountBody = z.infer<typeof addGameAccountBody>;
export type PatchGameAccountBody = z.infer<typeof patchGameAccountBody>;
export type EmailAddressListDocument = z.infer<typeof emailAddressListDocument>;
export type PhoneNumberListDocument = z.infer<typeof phoneNumberListDocument>;
export type GameAccountListDocument = z.infer<typeof gameAccountListDocument>;
export type TeamDocument = z.infer<typeof teamDocument>;
export type TeamListDocument = z.infer<typeof teamListDocument>;
export type CreateTeamBody = z.infer<typeof createTeamBody>;
export type EmailAddressDocument = z.infer<typeof emailAddressDocument>;
export type PhoneNumberDocument = z.infer<typeof phoneNumberDocument>;
export type VerifyEmailAddressBody = z.infer<typeof verifyEmailAddressBody>;
export type VerifyPhoneNumberBody = z.infer<typeof verifyPhoneNumberBody>;
export type GameAccountDocument = z.infer<typeof gameAccountDocument>;
export type ImageDocument = z.infer<typeof imageDocument>;
export type TeamListQuery = z.infer<typeof teamListQuery>;

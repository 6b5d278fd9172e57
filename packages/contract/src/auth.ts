import { document, requestBody, resource } from './jsonapi.js';
import * as z from './safe-zod.js';

export const token = z.object({ value: z.string(), expires: z.iso.datetime({ offset: true }) });
export type Token = z.infer<typeof token>;

export const loginBody = requestBody(
  z.object({ email: z.email().max(320), password: z.string().min(1).max(1024) }),
);
export const refreshBody = requestBody(z.object({ refreshToken: z.string().min(16).max(512) }));

export const sessionResource = resource(
  'sessions',
  z.object({ token, refreshToken: token, userId: z.string() }),
);
export const sessionDocument = document(sessionResource);

export const userAttributes = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  permissions: z.array(z.string()),
  profiles: z.array(
    z.object({ username: z.string().nullable(), avatar: z.object({ template: z.string().nullable() }) }),
  ),
  avatar: z.object({ default: z.string().nullable() }),
  gameAccounts: z.array(z.object({ username: z.string() })),
});
export const userResource = resource('users', userAttributes);
export type UserResource = z.infer<typeof userResource>;
export const userDocument = document(userResource);

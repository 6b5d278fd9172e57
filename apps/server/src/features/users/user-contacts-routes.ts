import {
  addEmailAddressBody,
  addGameAccountBody,
  addPhoneNumberBody,
  emailAddressDocument,
  emailAddressListDocument,
  gameAccountDocument,
  gameAccountListDocument,
  idParams,
  patchGameAccountBody,
  phoneNumberDocument,
  phoneNumberListDocument,
  userAccountParams,
  userAddressParams,
  verifyEmailAddressBody,
  verifyPhoneNumberBody,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { createUserRepository } from '../auth/user-repository.js';
import type { EmailAddressRow, GameAccountRow, PhoneNumberRow } from './user-contacts-repository.js';
import type { UserContactsService } from './user-contacts-service.js';

const secured = { tags: ['users'], security: [{ bearer: [] }] };
const iso = (date: Date | null) => (date ? isoSeconds(date) : null);

const emailResource = (row: EmailAddressRow) => ({
  id: row.id,
  type: 'email-addresses' as const,
  attributes: {
    email: row.email,
    verified: row.verifiedAt !== null,
    verifiedAt: iso(row.verifiedAt),
    expiresAt: iso(row.expiresAt),
    createdAt: isoSeconds(row.createdAt),
  },
});
const phoneResource = (row: PhoneNumberRow) => ({
  id: row.id,
  type: 'phone-numbers' as const,
  attributes: {
    phone: row.phone,
    verified: row.verifiedAt !== null,
    verifiedAt: iso(row.verifiedAt),
    expiresAt: iso(row.expiresAt),
    createdAt: isoSeconds(row.createdAt),
  },
});
const gameAccountResource = (row: GameAccountRow) => ({
  id: row.id,
  type: 'game-accounts' as const,
  attributes: {
    provider: row.provider,
    playerTag: row.playerTag,
    username: row.username,
    createdAt: isoSeconds(row.createdAt),
  },
});

/**
 * Under /api/users/1.0 (support and admins): /users/{id}/email-addresses, /phone-numbers and
 * /game-accounts; and the user's own proofs: POST /user/email-addresses/verify (the mailed token,
 * no sign-in) and POST /user/phone-numbers/verify (the code, signed in).
 */
export function userContactsRoutes(db: Db, service: UserContactsService): FastifyPluginAsyncZod {
  const requireAccess = createAccess(db);
  const users = createUserRepository(db);
  return async (app) => {
    const auth = { preHandler: app.authenticate };
    /** Support's call on an existing user (404 for an unknown one, after the role check). */
    const allow = async (request: Parameters<typeof requireAccess>[0], userId: string) => {
      await requireAccess(request, 'user:support');
      await users.getById(userId);
    };
    const context = { service, requireAccess, auth, allow };
    registerEmailRoutes(app, context);
    registerPhoneRoutes(app, context);
    registerGameAccountRoutes(app, context);
  };
}

type UsersApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the contact routes share: the service, the role check, the authentication, support's call on a user. */
interface ContactsContext {
  service: UserContactsService;
  requireAccess: ReturnType<typeof createAccess>;
  auth: { preHandler: UsersApp['authenticate'] };
  allow: (request: Parameters<ReturnType<typeof createAccess>>[0], userId: string) => Promise<void>;
}

/** /users/{id}/email-addresses (list, add, resend) and POST /user/email-addresses/verify. */
function registerEmailRoutes(app: UsersApp, { service, requireAccess, auth, allow }: ContactsContext): void {
  app.get(
    '/users/:id/email-addresses',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: emailAddressListDocument } } },
    async (request) => {
      await allow(request, request.params.id);
      return { data: (await service.listEmails(request.params.id)).map(emailResource) };
    },
  );
  app.post(
    '/users/:id/email-addresses',
    {
      ...auth,
      schema: {
        ...secured,
        params: idParams,
        body: addEmailAddressBody,
        response: { 201: emailAddressDocument },
      },
    },
    async (request, reply) => {
      await requireAccess(request, 'user:support');
      const row = await service.addEmail(request, request.params.id, request.body.data.attributes.email);
      return reply.status(201).send({ data: emailResource(row) });
    },
  );
  app.post(
    '/users/:id/email-addresses/:addressId/resend',
    { ...auth, schema: { ...secured, params: userAddressParams, response: { 200: emailAddressDocument } } },
    async (request) => {
      await requireAccess(request, 'user:support');
      const { id, addressId } = request.params;
      return { data: emailResource(await service.resendEmail(request, id, addressId)) };
    },
  );
  app.post(
    '/user/email-addresses/verify',
    { schema: { tags: ['users'], body: verifyEmailAddressBody, response: { 200: emailAddressDocument } } },
    async (request) => ({
      data: emailResource(await service.verifyEmail(request, request.body.data.attributes.token)),
    }),
  );
}

/** /users/{id}/phone-numbers (list, add, resend) and POST /user/phone-numbers/verify. */
function registerPhoneRoutes(app: UsersApp, { service, requireAccess, auth, allow }: ContactsContext): void {
  app.get(
    '/users/:id/phone-numbers',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: phoneNumberListDocument } } },
    async (request) => {
      await allow(request, request.params.id);
      return { data: (await service.listPhones(request.params.id)).map(phoneResource) };
    },
  );
  app.post(
    '/users/:id/phone-numbers',
    {
      ...auth,
      schema: {
        ...secured,
        params: idParams,
        body: addPhoneNumberBody,
        response: { 201: phoneNumberDocument },
      },
    },
    async (request, reply) => {
      await requireAccess(request, 'user:support');
      const row = await service.addPhone(request, request.params.id, request.body.data.attributes.phone);
      return reply.status(201).send({ data: phoneResource(row) });
    },
  );
  app.post(
    '/users/:id/phone-numbers/:addressId/resend',
    { ...auth, schema: { ...secured, params: userAddressParams, response: { 200: phoneNumberDocument } } },
    async (request) => {
      await requireAccess(request, 'user:support');
      const { id, addressId } = request.params;
      return { data: phoneResource(await service.resendPhone(request, id, addressId)) };
    },
  );
  app.post(
    '/user/phone-numbers/verify',
    {
      ...auth,
      schema: { ...secured, body: verifyPhoneNumberBody, response: { 200: phoneNumberDocument } },
    },
    async (request) => {
      const { phone, code } = request.body.data.attributes;
      return { data: phoneResource(await service.verifyPhone(request, phone, code)) };
    },
  );
}

/** /users/{id}/game-accounts: list, add, patch, delete. */
function registerGameAccountRoutes(
  app: UsersApp,
  { service, requireAccess, auth, allow }: ContactsContext,
): void {
  app.get(
    '/users/:id/game-accounts',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: gameAccountListDocument } } },
    async (request) => {
      await allow(request, request.params.id);
      return { data: (await service.listGameAccounts(request.params.id)).map(gameAccountResource) };
    },
  );
  app.post(
    '/users/:id/game-accounts',
    {
      ...auth,
      schema: {
        ...secured,
        params: idParams,
        body: addGameAccountBody,
        response: { 201: gameAccountDocument },
      },
    },
    async (request, reply) => {
      await requireAccess(request, 'user:support');
      const row = await service.addGameAccount(request, request.params.id, request.body.data.attributes);
      return reply.status(201).send({ data: gameAccountResource(row) });
    },
  );
  app.patch(
    '/users/:id/game-accounts/:accountId',
    {
      ...auth,
      schema: {
        ...secured,
        params: userAccountParams,
        body: patchGameAccountBody,
        response: { 200: gameAccountDocument },
      },
    },
    async (request) => {
      await requireAccess(request, 'user:support');
      const { id, accountId } = request.params;
      return {
        data: gameAccountResource(
          await service.patchGameAccount(request, id, accountId, request.body.data.attributes),
        ),
      };
    },
  );
  app.delete(
    '/users/:id/game-accounts/:accountId',
    { ...auth, schema: { ...secured, params: userAccountParams } },
    async (request, reply) => {
      await requireAccess(request, 'user:support');
      await service.deleteGameAccount(request, request.params.id, request.params.accountId);
      return reply.status(204).send();
    },
  );
}

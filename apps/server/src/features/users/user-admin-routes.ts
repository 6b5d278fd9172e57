import {
  adminUserDocument,
  adminUserListDocument,
  idParams,
  patchUserBody,
  suspendUserBody,
  userListQuery,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { createOrganizerRepository } from '../access/organizer-repository.js';
import { createUserAliases } from '../auth/user-aliases.js';
import { createUserRepository, type UserRow } from '../auth/user-repository.js';
import { createDatabaseImageStore, imageUrl } from '../uploads/image-store.js';
import { toAdminUserResource } from './user-admin-mapper.js';
import { createUserAdminRepository } from './user-admin-repository.js';
import type { UserAdminService } from './user-admin-service.js';

const secured = { tags: ['users'], security: [{ bearer: [] }] };

/** GET/PATCH/DELETE /users, suspend, unsuspend and password reset under /api/users/1.0. */
export function userAdminRoutes(db: Db, service: UserAdminService): FastifyPluginAsyncZod {
  const repo = createUserAdminRepository(db);
  const users = createUserRepository(db);
  const organizers = createOrganizerRepository(db);
  const requireAccess = createAccess(db);
  const images = createDatabaseImageStore(db);
  const namesOf = createUserAliases(db);
  async function resources(rows: UserRow[]) {
    const ids = rows.map((r) => r.id);
    const [assigned, avatars, names] = await Promise.all([
      organizers.eventIdsByUser(ids),
      images.metaOf(ids),
      namesOf(ids),
    ]);
    const avatarOf = (id: string) => {
      const mine = avatars.filter((a) => a.userId === id);
      const image = mine.find((a) => a.slot === 'profile') ?? mine.find((a) => a.slot === 'avatar');
      return image ? imageUrl(image.id) : null;
    };
    return rows.map((row) =>
      toAdminUserResource(
        row,
        assigned.get(row.id) ?? [],
        names.get(row.id)?.alias ?? row.email,
        avatarOf(row.id),
      ),
    );
  }
  const one = async (row: UserRow) => ({ data: (await resources([row]))[0]! });

  return async (app) => {
    const auth = { preHandler: app.authenticate };
    app.get(
      '/users',
      {
        ...auth,
        schema: { ...secured, querystring: userListQuery, response: { 200: adminUserListDocument } },
      },
      async (request) => {
        await requireAccess(request, 'user:support');
        const page = pageRequest(request.query);
        const { rows, total } = await repo.search(request.query['filter[search]'], page);
        return { data: await resources(rows), meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/users/:id',
      { ...auth, schema: { ...secured, params: idParams, response: { 200: adminUserDocument } } },
      async (request) => {
        await requireAccess(request, 'user:support');
        return one(await users.getById(request.params.id));
      },
    );

    app.patch(
      '/users/:id',
      {
        ...auth,
        schema: { ...secured, params: idParams, body: patchUserBody, response: { 200: adminUserDocument } },
      },
      async (request) => {
        const patch = request.body.data.attributes;
        // Roles and event assignments shape who can do what: admin only.
        const touchesRoles = patch.permissions !== undefined || patch.organizerEventIds !== undefined;
        await requireAccess(request, touchesRoles ? 'user:admin' : 'user:support');
        return one(await service.patchUser(request, request.params.id, patch));
      },
    );

    app.delete(
      '/users/:id',
      { ...auth, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await requireAccess(request, 'user:admin');
        await service.deleteUser(request, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/users/:id/suspend',
      {
        ...auth,
        schema: { ...secured, params: idParams, body: suspendUserBody, response: { 200: adminUserDocument } },
      },
      async (request) => {
        await requireAccess(request, 'user:support');
        return one(
          await service.setSuspended(request, request.params.id, request.body.data.attributes.reason),
        );
      },
    );

    app.post(
      '/users/:id/unsuspend',
      { ...auth, schema: { ...secured, params: idParams, response: { 200: adminUserDocument } } },
      async (request) => {
        await requireAccess(request, 'user:support');
        return one(await service.setSuspended(request, request.params.id, null));
      },
    );

    app.post(
      '/users/:id/password/reset',
      { ...auth, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await requireAccess(request, 'user:support');
        await service.sendPasswordReset(request, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}

import { IMAGE_TYPES, idParams, imageDocument, imageParams, MAX_IMAGE_BYTES } from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { createUserRepository } from '../auth/user-repository.js';
import { checkImage } from './image-check.js';
import { type ImageSlot, type ImageStore, imageUrl, type StoredImageMeta } from './image-store.js';

const secured = { tags: ['users'], security: [{ bearer: [] }] };
/** Any declared type is read as bytes: the type is sniffed from them, never taken from the header. */
const UPLOAD_TYPES = [...IMAGE_TYPES, 'application/octet-stream', 'image/gif', 'text/plain'];

function toImageResource(image: StoredImageMeta) {
  return {
    id: image.id,
    type: 'images' as const,
    attributes: {
      url: imageUrl(image.id),
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: image.byteSize,
    },
  };
}
const auditedImage = (image: StoredImageMeta | null) =>
  image && {
    id: image.id,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    byteSize: image.byteSize,
  };

/**
 * PATCH/DELETE /user/avatar (the caller's own) and /profiles/{id}/avatar (a user's profile; its id
 * is the user's id: one profile per user), GET /avatars/{imageId}. The upload is the raw image as
 * the request body (any content type; the bytes decide), at most 1 MiB.
 */
export function avatarRoutes(
  db: Db,
  store: ImageStore,
  audited: Audited,
  now: () => Date,
): FastifyPluginAsyncZod {
  const requireAccess = createAccess(db);
  const users = createUserRepository(db);

  /** The owner, or support and admins (support never on an admin's profile). */
  async function allowProfile(request: FastifyRequest, userId: string) {
    if (request.user?.id === userId) return;
    await requireAccess(request, 'user:support');
    const target = await users.getById(userId);
    if (hasRole(target.permissions, 'admin') && !hasRole(request.user!.permissions, 'admin'))
      throw new DomainError('FORBIDDEN', 'Only an admin may change an admin account');
  }

  async function replace(request: FastifyRequest, userId: string, slot: ImageSlot, body: unknown) {
    if (!Buffer.isBuffer(body)) throw new DomainError('VALIDATION_FAILED', 'The image is the request body');
    const image = checkImage(body);
    return audited(request, async (tx, record) => {
      await users.getById(userId, tx);
      const before = (await store.metaOf([userId], tx)).find((i) => i.slot === slot) ?? null;
      const after = await store.put(userId, slot, image, now(), tx);
      await record({
        action: `user.${slot}.update`,
        targetType: 'users',
        targetId: userId,
        before: auditedImage(before),
        after: auditedImage(after),
      });
      return { data: toImageResource(after) };
    });
  }

  async function remove(request: FastifyRequest, userId: string, slot: ImageSlot) {
    await audited(request, async (tx, record) => {
      const before = await store.remove(userId, slot, tx);
      await record({
        action: `user.${slot}.delete`,
        targetType: 'users',
        targetId: userId,
        before: auditedImage(before),
        after: null,
      });
    });
  }

  return async (app) => {
    app.addContentTypeParser(
      UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_r, body, done) => done(null, body),
    );
    // Authenticated on the request's headers, before its body is read: an anonymous upload is
    // refused without reading a byte of it (and one over the limit by its Content-Length).
    const upload = { bodyLimit: MAX_IMAGE_BYTES, onRequest: app.authenticate };

    app.patch(
      '/user/avatar',
      { ...upload, schema: { ...secured, response: { 200: imageDocument } } },
      async (request) => replace(request, request.user!.id, 'avatar', request.body),
    );
    app.delete('/user/avatar', { preHandler: app.authenticate, schema: secured }, async (request, reply) => {
      await remove(request, request.user!.id, 'avatar');
      return reply.status(204).send();
    });
    app.patch(
      '/profiles/:id/avatar',
      { ...upload, schema: { ...secured, params: idParams, response: { 200: imageDocument } } },
      async (request) => {
        await allowProfile(request, request.params.id);
        return replace(request, request.params.id, 'profile', request.body);
      },
    );
    app.delete(
      '/profiles/:id/avatar',
      { preHandler: app.authenticate, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await allowProfile(request, request.params.id);
        await remove(request, request.params.id, 'profile');
        return reply.status(204).send();
      },
    );

    // Public: avatars show next to rosters. An id names one upload for ever, so caches keep it.
    app.get(
      '/avatars/:imageId',
      { schema: { tags: ['users'], params: imageParams } },
      async (request, reply) => {
        const image = await store.read(request.params.imageId);
        if (!image) throw new DomainError('NOT_FOUND', 'No such image');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${image.id}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(image.bytes);
      },
    );
  };
}

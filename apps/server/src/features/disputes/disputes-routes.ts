import {
  attachmentDocument,
  attachmentListDocument,
  attachmentParams,
  disputeBody,
  disputeDocument,
  disputeListDocument,
  disputeListQuery,
  disputeResolveBody,
  disputeSettingsBody,
  disputeSettingsDocument,
  IMAGE_TYPES,
  idParams,
  matchSeriesParams,
  seriesDisputesDocument,
} from '@cwh/contract';
import { MAX_ATTACHMENT_BYTES } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAttachments, readAttachment, uploadAttachment } from './attachments-service.js';
import { changeDisputeSettings, disputeQueue, disputeSettings } from './dispute-queue.js';
import { type DisputesDeps, openDispute, resolveDispute, seriesDisputes } from './disputes-service.js';

const secured = { tags: ['disputes'], security: [{ bearer: [] }] };
/** Any declared type is read as bytes: the type is sniffed from them, never taken from the header. */
const UPLOAD_TYPES = [...IMAGE_TYPES, 'application/octet-stream', 'image/gif', 'text/plain'];

/**
 * Disputes and attachments of match series under /api/tournaments/1.0 (issue #13,
 * docs/api/disputes.md). Socket `update` matches:dispute_updated tells both captains.
 */
export function disputesRoutes(deps: DisputesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    registerAttachmentRoutes(app, deps);
    registerDisputeRoutes(app, deps);
  };
}

type DisputesApp = Parameters<FastifyPluginAsyncZod>[0];

/** The upload types' body parser; POST and GET /match-series/{id}/attachments, GET one attachment. */
function registerAttachmentRoutes(app: DisputesApp, deps: DisputesDeps): void {
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/match-series/:id/attachments',
    {
      bodyLimit: MAX_ATTACHMENT_BYTES,
      // On the headers, before the body is read (see the avatar uploads).
      onRequest: app.authenticate,
      schema: { ...secured, params: matchSeriesParams, response: { 201: attachmentDocument } },
    },
    async (request, reply) => {
      const data = await uploadAttachment(deps, request, request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/match-series/:id/attachments',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: matchSeriesParams, response: { 200: attachmentListDocument } },
    },
    async (request) => ({ data: await listAttachments(deps, request, request.params.id) }),
  );

  app.get(
    '/match-series/:id/attachments/:attachmentId',
    { preHandler: app.authenticate, schema: { ...secured, params: attachmentParams } },
    async (request, reply) => {
      const image = await readAttachment(deps, request, request.params.id, request.params.attachmentId);
      // Private: only the captains and the event's staff may read it, so no shared cache keeps it.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.bytes);
    },
  );
}

/** A series' disputes, open one, the organizer's queue and resolve, a segment's dispute settings. */
function registerDisputeRoutes(app: DisputesApp, deps: DisputesDeps): void {
  app.get(
    '/match-series/:id/disputes',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: matchSeriesParams, response: { 200: seriesDisputesDocument } },
    },
    async (request) => seriesDisputes(deps, request, request.params.id),
  );

  app.post(
    '/match-series/:id/disputes',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: matchSeriesParams,
        body: disputeBody,
        response: { 201: disputeDocument },
      },
    },
    async (request, reply) => {
      const data = await openDispute(deps, request, request.params.id, request.body.data.attributes);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/disputes',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: disputeListQuery, response: { 200: disputeListDocument } },
    },
    async (request) => disputeQueue(deps, request, request.query),
  );

  app.post(
    '/disputes/:id/resolve',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: idParams,
        body: disputeResolveBody,
        response: { 200: disputeDocument },
      },
    },
    async (request) => ({
      data: await resolveDispute(deps, request, request.params.id, request.body.data.attributes),
    }),
  );

  app.get(
    '/segments/:id/dispute-settings',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: idParams, response: { 200: disputeSettingsDocument } },
    },
    async (request) => disputeSettings(deps, request, request.params.id),
  );

  app.put(
    '/segments/:id/dispute-settings',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: idParams,
        body: disputeSettingsBody,
        response: { 200: disputeSettingsDocument },
      },
    },
    async (request) =>
      changeDisputeSettings(
        deps,
        request,
        request.params.id,
        request.body.data.attributes.disputeWindowMinutes,
      ),
  );
}

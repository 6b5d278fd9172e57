import type { AttachmentResource } from '@cwh/contract';
import { MAX_ATTACHMENT_BYTES, MAX_SERIES_ATTACHMENTS } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { checkImage, type ImageType } from '../uploads/image-check.js';
import type { AttachmentMeta } from './disputes-repository.js';
import { attachmentUrl, type DisputesDeps, viewerOf } from './disputes-service.js';

export function toAttachmentResource(row: AttachmentMeta): AttachmentResource {
  return {
    id: row.id,
    type: 'attachments',
    attributes: {
      matchSeriesId: row.matchSeriesId,
      url: attachmentUrl(row.matchSeriesId, row.id),
      contentType: row.contentType as ImageType,
      width: row.width,
      height: row.height,
      byteSize: row.byteSize,
      uploadedBy: row.uploadedBy ? { id: row.uploadedBy } : null,
      createdAt: isoSeconds(row.createdAt),
    },
  };
}

/**
 * POST /match-series/{id}/attachments: a screenshot (the raw image as the body). The type is sniffed
 * from the bytes, the size limited (MAX_ATTACHMENT_BYTES, 413), EXIF/XMP/ICC/comments stripped by
 * `checkImage` (features/uploads), and the bytes stored in the database so every instance serves
 * them. The series' captains, organizers of its event and admins; at most MAX_SERIES_ATTACHMENTS
 * (the players of both teams may read them).
 */
export async function uploadAttachment(
  deps: DisputesDeps,
  request: FastifyRequest,
  seriesId: string,
  body: unknown,
): Promise<AttachmentResource> {
  const { series } = await viewerOf(deps, request, seriesId);
  if (!Buffer.isBuffer(body)) throw new DomainError('VALIDATION_FAILED', 'The image is the request body');
  const image = checkImage(body, MAX_ATTACHMENT_BYTES);
  return deps.audited(request, async (tx, record) => {
    await deps.repo.series(request.tenant, [series.id], tx, true);
    if ((await deps.repo.attachmentCount(series.id, tx)) >= MAX_SERIES_ATTACHMENTS)
      throw new DomainError('CONFLICT', `A match holds at most ${MAX_SERIES_ATTACHMENTS} screenshots`, {
        meta: { reason: 'ATTACHMENT_LIMIT' },
      });
    const row = await deps.repo.insertAttachment(
      {
        matchSeriesId: series.id,
        uploadedBy: request.user!.id,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        byteSize: image.bytes.length,
        bytes: image.bytes,
        createdAt: deps.now(),
      },
      tx,
    );
    await record({
      action: 'match-series.attachment.upload',
      targetType: 'match-series',
      targetId: series.id,
      eventId: series.eventId,
      before: null,
      after: { attachmentId: row.id, contentType: row.contentType, byteSize: row.byteSize },
    });
    return toAttachmentResource(row);
  });
}

/** GET /match-series/{id}/attachments (spec 7): oldest first. */
export async function listAttachments(deps: DisputesDeps, request: FastifyRequest, seriesId: string) {
  const { series } = await viewerOf(deps, request, seriesId, { teams: true });
  return (await deps.repo.attachmentsOf(series.id)).map(toAttachmentResource);
}

/** GET /match-series/{id}/attachments/{attachmentId}: the stripped bytes. */
export async function readAttachment(
  deps: DisputesDeps,
  request: FastifyRequest,
  seriesId: string,
  attachmentId: string,
) {
  const { series } = await viewerOf(deps, request, seriesId, { teams: true });
  const found = await deps.repo.attachment(series.id, attachmentId);
  if (!found) throw new DomainError('NOT_FOUND', `No attachment with id ${attachmentId}`);
  return found;
}

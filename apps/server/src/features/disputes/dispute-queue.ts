import type { DisputeListDocument, DisputeSettingsDocument } from '@cwh/contract';
import { DEFAULT_DISPUTE_WINDOW_MINUTES, type DisputeStatus, hasRole } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../errors/domain-error.js';
import { createOrganizerRepository } from '../access/organizer-repository.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { type DisputesDeps, toDisputeResource } from './disputes-service.js';

/**
 * GET /disputes: the organizer's dispute queue (newest first). Admins see every event of the tenant,
 * organizers the events they run; anyone else is refused.
 */
export async function disputeQueue(
  deps: DisputesDeps,
  request: FastifyRequest,
  query: {
    'filter[status]'?: DisputeStatus | undefined;
    'filter[event]'?: string | undefined;
    'page[number]'?: number | undefined;
    'page[size]'?: number | undefined;
  },
): Promise<DisputeListDocument> {
  const user = request.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  const admin = hasRole(user.permissions, 'admin');
  if (!admin && !hasRole(user.permissions, 'organizer'))
    throw new DomainError('FORBIDDEN', 'Organizers and admins only');
  let eventIds: string[] | undefined;
  if (!admin)
    eventIds = (await createOrganizerRepository(deps.db).eventIdsByUser([user.id])).get(user.id) ?? [];
  const wanted = query['filter[event]'];
  if (wanted) eventIds = eventIds ? eventIds.filter((e) => e === wanted) : [wanted];
  const page = { number: query['page[number]'] ?? 1, size: query['page[size]'] ?? 25 };
  const { rows, total } = await deps.repo.queue(
    request.tenant,
    { status: query['filter[status]'], eventIds },
    page,
  );
  const series = await deps.repo.series(
    request.tenant,
    [...new Set(rows.map((r) => r.matchSeriesId))],
    deps.db,
    false,
    true,
  );
  const byId = new Map(series.map((s) => [s.id, s]));
  return {
    data: rows.map((r) => toDisputeResource(r, byId.get(r.matchSeriesId), { staff: true })),
    meta: {
      page: { number: page.number, size: page.size, total, totalPages: Math.ceil(total / page.size) },
    },
  };
}

/** The segment of the tenant whose event the caller manages (organizer of it, admin). */
async function managedSegment(deps: DisputesDeps, request: FastifyRequest, segmentId: string) {
  const found = await createSegmentRepository(deps.db).getInTenant(request.tenant, segmentId);
  await deps.requireAccess(request, 'event:manage', found.event.id);
  return found;
}

function settingsDocument(segmentId: string, minutes: number | null): DisputeSettingsDocument {
  return {
    data: {
      id: segmentId,
      type: 'dispute-settings',
      attributes: {
        disputeWindowMinutes: minutes ?? DEFAULT_DISPUTE_WINDOW_MINUTES,
        isDefault: minutes === null,
      },
    },
  };
}

/** GET /segments/{id}/dispute-settings. */
export async function disputeSettings(deps: DisputesDeps, request: FastifyRequest, segmentId: string) {
  await managedSegment(deps, request, segmentId);
  return settingsDocument(segmentId, await deps.repo.windowMinutes(segmentId));
}

/** PUT /segments/{id}/dispute-settings: the window for results recorded from now on and before. */
export async function changeDisputeSettings(
  deps: DisputesDeps,
  request: FastifyRequest,
  segmentId: string,
  minutes: number,
) {
  const { event } = await managedSegment(deps, request, segmentId);
  return deps.audited(request, async (tx, record) => {
    const before = await deps.repo.windowMinutes(segmentId, tx);
    await deps.repo.setWindowMinutes(segmentId, minutes, tx);
    await record({
      action: 'segment.dispute-settings.update',
      targetType: 'segments',
      targetId: segmentId,
      eventId: event.id,
      before: { disputeWindowMinutes: before },
      after: { disputeWindowMinutes: minutes },
    });
    return settingsDocument(segmentId, minutes);
  });
}

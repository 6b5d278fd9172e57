import type { SegmentVetoAttributes } from '@cwh/contract';
import { isVetoError, validateVetoSetup } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { RecordActivity } from '../activity-log/audit.js';
import type { CategoryRow, ItemRow, PickbanRepository, SegmentVetoRow } from './pickban-repository.js';
import { vetoDomainError } from './pickban-state.js';

/**
 * The caller's `event:manage` check of the event a write targets, run in the write's transaction
 * (PGlite has one connection: a query outside the open transaction would wait for it forever).
 */
export type RequireEvent = (eventId: string, tx: Executor) => Promise<unknown>;

const invalid = (pointer: string, detail: string) =>
  new DomainError('VALIDATION_FAILED', detail, { source: { pointer: `/data/attributes/${pointer}` } });

/** POST /categories: organizers of the event and admins. */
export async function createCategory(
  repo: PickbanRepository,
  input: { tenant: string; eventId: string; name: string; sortOrder?: number | undefined; now: Date },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<CategoryRow> {
  if (!(await repo.eventInTenant(input.tenant, input.eventId, tx))) throw invalid('eventId', 'Unknown event');
  await requireEvent(input.eventId, tx);
  const row = await repo.insertCategory(
    {
      tenant: input.tenant,
      eventId: input.eventId,
      name: input.name,
      sortOrder: input.sortOrder ?? 0,
      createdAt: input.now,
    },
    tx,
  );
  await record({
    action: 'pickban.category.create',
    targetType: 'categories',
    targetId: row.id,
    eventId: row.eventId,
    after: row,
  });
  return row;
}

/** POST /items: organizers of the category's event and admins. */
export async function createItem(
  repo: PickbanRepository,
  input: {
    tenant: string;
    categoryId: string;
    name: string;
    description?: string | null | undefined;
    sortOrder?: number | undefined;
    now: Date;
  },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<ItemRow> {
  const category = await repo.category(input.tenant, input.categoryId, tx);
  if (!category) throw invalid('categoryId', 'Unknown category');
  await requireEvent(category.eventId, tx);
  const row = await repo.insertItem(
    {
      categoryId: category.id,
      name: input.name,
      description: input.description ?? null,
      sortOrder: input.sortOrder ?? 0,
      createdAt: input.now,
    },
    tx,
  );
  await record({
    action: 'pickban.item.create',
    targetType: 'items',
    targetId: row.id,
    eventId: category.eventId,
    after: row,
  });
  return row;
}

/**
 * PUT /segments/{id}/veto: the segment's category (of the same event), order, starter and time per
 * turn. The order must fit the category's items. Challenges already open keep their copy.
 */
export async function setSegmentVeto(
  repo: PickbanRepository,
  input: { tenant: string; segmentId: string; veto: SegmentVetoAttributes; now: Date },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<SegmentVetoRow> {
  const segment = await repo.segmentInTenant(input.tenant, input.segmentId, tx);
  if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${input.segmentId}`);
  await requireEvent(segment.eventId, tx);
  const category = await repo.category(input.tenant, input.veto.categoryId, tx);
  if (!category || category.eventId !== segment.eventId) {
    throw invalid('categoryId', "The category is not one of the segment's event");
  }
  try {
    validateVetoSetup(input.veto.steps, await repo.itemIdsOf(category.id, tx));
  } catch (error) {
    if (isVetoError(error)) throw vetoDomainError(error.code, error.message);
    throw error;
  }
  const before = await repo.segmentVeto(segment.id, tx);
  const row = await repo.upsertSegmentVeto(
    { segmentId: segment.id, ...input.veto, updatedAt: input.now },
    tx,
  );
  await record({
    action: 'pickban.veto.set',
    targetType: 'segments',
    targetId: segment.id,
    eventId: segment.eventId,
    before,
    after: row,
  });
  return row;
}

/** GET /segments/{id}/veto: the segment's veto for organizers of its event and admins (404 when none). */
export async function segmentVetoOf(
  repo: PickbanRepository,
  input: { tenant: string; segmentId: string },
  requireEvent: (eventId: string) => Promise<unknown>,
): Promise<SegmentVetoRow> {
  const segment = await repo.segmentInTenant(input.tenant, input.segmentId);
  if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${input.segmentId}`);
  await requireEvent(segment.eventId);
  const veto = await repo.segmentVeto(segment.id);
  if (!veto) throw new DomainError('NOT_FOUND', 'This segment has no pick and ban');
  return veto;
}

import { randomUUID } from 'node:crypto';
import type { NameTranslations } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { AdvanceRuleData, RegistrationPhaseData, SupportedPeriodData } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../errors/domain-error.js';
import type { Audited } from '../activity-log/audit.js';
import { createEventRepository } from '../events/event-repository.js';
import { createSegmentRepository, type NewSegment, type SegmentRow } from '../segments/segment-repository.js';
import { createEventAdminRepository } from './event-admin-repository.js';
import { newSlug } from './event-clone.js';

type Range = { from: string; to: string };
export interface SegmentInput {
  name: string;
  /** Omitted: unchanged (none for a new segment); `{}`: all removed. */
  nameTranslations?: NameTranslations | undefined;
  parentId: string | null;
  format: string;
  stageCode: string;
  eliminationType: string;
  registrationType: string;
  registrationStatus: string;
  timezone: string;
  type: string;
  configuration: { thLevel: number; phase: string | null };
  segmentCheckinsConfig: { enabled: boolean; openWindow: Range | null };
  rosterSize: { playersMin: number; playersMax: number; coachesMax: number };
  rostersLimit: { limit: number; standbyLimit: number };
  date: Range;
}

/** The three small lists an organizer edits item by item inside a segment. */
export const SEGMENT_LISTS = {
  'registration-phases': 'registrationPhases',
  'supported-periods': 'supportedPeriods',
  'advance-rules': 'advanceRules',
} as const;
export type SegmentListKind = keyof typeof SEGMENT_LISTS;
type ListItem = RegistrationPhaseData | SupportedPeriodData | AdvanceRuleData;

function columnsOf(input: Partial<SegmentInput>): Partial<NewSegment> {
  const { date, segmentCheckinsConfig, ...rest } = input;
  const set: Partial<NewSegment> = { ...rest };
  if (date) Object.assign(set, { dateFrom: new Date(date.from), dateTo: new Date(date.to) });
  if (segmentCheckinsConfig) set.checkinsConfig = segmentCheckinsConfig;
  return set;
}

/** Seeded phases carry no id: they are addressed by position until first edited. */
export function itemsWithIds<T extends { id?: string }>(items: T[]): (T & { id: string })[] {
  return items.map((item, index) => ({ ...item, id: item.id ?? String(index) }));
}

export function createSegmentAdminService(db: Db, audited: Audited) {
  const repo = createEventAdminRepository(db);
  const eventsRepo = createEventRepository(db);
  const segmentsRepo = createSegmentRepository(db);

  async function parentLevel(eventId: string, parentId: string | null, tx: Tx): Promise<number> {
    if (!parentId) return 0;
    const parent = await repo.lockSegment(eventId, parentId, tx).catch(() => {
      throw new DomainError('VALIDATION_FAILED', 'The parent segment is not in this event', {
        source: { pointer: '/data/attributes/parentId' },
      });
    });
    return parent.level + 1;
  }

  async function createSegment(request: FastifyRequest, eventId: string, input: SegmentInput) {
    return audited(request, async (tx, record) => {
      await eventsRepo.getById(request.tenant, eventId, tx);
      const level = await parentLevel(eventId, input.parentId, tx);
      const { date, segmentCheckinsConfig, ...rest } = input;
      const row = await repo.insertSegment(
        {
          ...rest,
          eventId,
          slug: newSlug(input.name),
          level,
          registrationPhases: [],
          images: [],
          checkinsConfig: segmentCheckinsConfig,
          dateFrom: new Date(date.from),
          dateTo: new Date(date.to),
        },
        tx,
      );
      await record({
        action: 'segment.create',
        targetType: 'segments',
        targetId: row.id,
        eventId,
        after: row,
      });
      return row;
    });
  }

  async function patchSegment(
    request: FastifyRequest,
    eventId: string,
    segmentId: string,
    input: Partial<SegmentInput>,
  ): Promise<SegmentRow> {
    return audited(request, async (tx, record) => {
      await eventsRepo.getById(request.tenant, eventId, tx);
      const before = await repo.lockSegment(eventId, segmentId, tx);
      const set = columnsOf(input);
      if (input.parentId !== undefined) {
        if (input.parentId === segmentId)
          throw new DomainError('VALIDATION_FAILED', 'A segment cannot be its own parent');
        set.level = await parentLevel(eventId, input.parentId, tx);
      }
      const after = await repo.updateSegment(segmentId, set, tx);
      if (after.dateFrom > after.dateTo)
        throw new DomainError('VALIDATION_FAILED', 'date.from must not be after date.to', {
          source: { pointer: '/data/attributes/date' },
        });
      await record({
        action: 'segment.update',
        targetType: 'segments',
        targetId: segmentId,
        eventId,
        before,
        after,
      });
      return after;
    });
  }

  async function deleteSegment(request: FastifyRequest, eventId: string, segmentId: string) {
    await audited(request, async (tx, record) => {
      await eventsRepo.getById(request.tenant, eventId, tx);
      const before = await repo.lockSegment(eventId, segmentId, tx);
      await repo.deleteSegment(segmentId, tx);
      await record({
        action: 'segment.delete',
        targetType: 'segments',
        targetId: segmentId,
        eventId,
        before,
      });
    });
  }

  /**
   * Adds (id undefined), replaces or removes (item null) one item of a segment list, under the
   * segment's row lock so two organizers editing the same list cannot lose each other's change.
   */
  async function editListItem(
    request: FastifyRequest,
    ref: { eventId: string; segmentId: string; kind: SegmentListKind; id?: string },
    item: Omit<ListItem, 'id'> | null,
  ): Promise<ListItem | null> {
    return audited(request, async (tx, record) => {
      await eventsRepo.getById(request.tenant, ref.eventId, tx);
      const segment = await repo.lockSegment(ref.eventId, ref.segmentId, tx);
      if (ref.kind === 'advance-rules' && item) await checkNextSegment(ref.eventId, ref.segmentId, item, tx);
      const column = SEGMENT_LISTS[ref.kind];
      const items = itemsWithIds(segment[column] as ListItem[]);
      const index = ref.id === undefined ? -1 : items.findIndex((i) => i.id === ref.id);
      if (ref.id !== undefined && index < 0) throw notFound(ref.kind, ref.id);
      const before = index >= 0 ? items[index] : null;
      const after = item ? ({ ...item, id: ref.id ?? randomUUID() } as ListItem) : null;
      if (index < 0 && after) items.push(after as (typeof items)[number]);
      else if (after) items[index] = after as (typeof items)[number];
      else items.splice(index, 1);
      await repo.updateSegment(ref.segmentId, { [column]: items }, tx);
      const action = `segment.${ref.kind}.${!before ? 'create' : after ? 'update' : 'delete'}`;
      await record({
        action,
        targetType: 'segments',
        targetId: ref.segmentId,
        eventId: ref.eventId,
        before,
        after,
      });
      return after;
    });
  }

  async function checkNextSegment(eventId: string, segmentId: string, item: object, tx: Tx) {
    const next = (item as AdvanceRuleData).nextSegmentId;
    const invalid = () =>
      new DomainError('VALIDATION_FAILED', 'nextSegment must be another segment of this event', {
        source: { pointer: '/data/attributes/nextSegmentId' },
      });
    if (next === segmentId) throw invalid();
    // A plain read, not a lock: locking a second segment could deadlock with a mirrored edit.
    await segmentsRepo.getById(eventId, next, tx).catch(() => {
      throw invalid();
    });
  }

  return { createSegment, patchSegment, deleteSegment, editListItem };
}
export type SegmentAdminService = ReturnType<typeof createSegmentAdminService>;

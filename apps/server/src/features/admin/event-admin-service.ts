import type { EventPrizes, NameTranslations } from '@cwh/contract';
import type { DateOffset } from '@cwh/domain';
import { hasRole } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { createOrganizerRepository } from '../access/organizer-repository.js';
import type { Audited } from '../activity-log/audit.js';
import type { EventRow } from '../events/event-repository.js';
import { createEventAdminRepository } from './event-admin-repository.js';
import { clonedEvent, cloneSegments, newSlug } from './event-clone.js';

export interface EventInput {
  name: string;
  /** Omitted: unchanged (none for a new event); `{}`: all removed. */
  nameTranslations?: NameTranslations | undefined;
  status: 'active' | 'archived';
  date: { from: string; to: string };
  competition: 'championship' | 'townHallCup';
  thLevels: number[];
  /** Omitted: unchanged (none for a new event); null: removed. */
  prizes?: EventPrizes | null | undefined;
  /** Omitted: unchanged (none for a new event); null: removed. */
  chatGroupUrl?: string | null | undefined;
}

const columnsOf = (input: EventInput) => ({
  name: input.name,
  ...(input.nameTranslations !== undefined && { nameTranslations: input.nameTranslations }),
  status: input.status,
  competition: input.competition,
  thLevels: input.thLevels,
  dateFrom: new Date(input.date.from),
  dateTo: new Date(input.date.to),
  ...(input.prizes !== undefined && { prizes: input.prizes }),
  ...(input.chatGroupUrl !== undefined && { chatGroupUrl: input.chatGroupUrl }),
});

/** Event writes; each runs in one transaction with its activity-log entry. */
export function createEventAdminService(db: Db, audited: Audited) {
  const repo = createEventAdminRepository(db);
  const organizers = createOrganizerRepository(db);

  async function createEvent(request: FastifyRequest, input: EventInput): Promise<EventRow> {
    return audited(request, async (tx, record) => {
      const gameId = await repo.defaultGameId(tx);
      const row = await repo.insertEvent(
        { tenant: request.tenant, slug: newSlug(input.name), gameId, ...columnsOf(input) },
        tx,
      );
      await record({
        action: 'event.create',
        targetType: 'events',
        targetId: row.id,
        eventId: row.id,
        after: row,
      });
      return row;
    });
  }

  async function updateEvent(request: FastifyRequest, id: string, input: EventInput): Promise<EventRow> {
    return audited(request, async (tx, record) => {
      const before = await repo.lockEvent(request.tenant, id, tx);
      const after = await repo.updateEvent(request.tenant, id, columnsOf(input), tx);
      await record({
        action: 'event.update',
        targetType: 'events',
        targetId: id,
        eventId: id,
        before,
        after,
      });
      return after;
    });
  }

  async function deleteEvent(request: FastifyRequest, id: string): Promise<void> {
    await audited(request, async (tx, record) => {
      const before = await repo.lockEvent(request.tenant, id, tx);
      await repo.deleteEvent(request.tenant, id, tx);
      await record({ action: 'event.delete', targetType: 'events', targetId: id, eventId: id, before });
    });
  }

  /** Deep copy: segments, phases, check-in windows, supported periods and advance rules, shifted. */
  async function cloneEvent(
    request: FastifyRequest,
    id: string,
    input: { name: string; offset: DateOffset },
  ): Promise<EventRow> {
    return audited(request, async (tx, record) => {
      const source = await repo.lockEvent(request.tenant, id, tx);
      const copy = await repo.insertEvent(clonedEvent(source, input.name, input.offset), tx);
      const segments = cloneSegments(await repo.segmentsOfEvent(source.id, tx), copy.id, input.offset);
      for (const segment of segments) await repo.insertSegment(segment, tx);
      await organizers.copy(source.id, copy.id, tx);
      // The organizer who cloned the season runs the copy even if only assigned to the source.
      const user = request.user;
      if (user && hasRole(user.permissions, 'organizer')) await organizers.assign(user.id, copy.id, tx);
      await record({
        action: 'event.clone',
        targetType: 'events',
        targetId: copy.id,
        eventId: copy.id,
        before: { sourceEventId: source.id },
        after: { ...copy, offset: input.offset, segments: segments.length },
      });
      return copy;
    });
  }

  return { createEvent, updateEvent, deleteEvent, cloneEvent };
}
export type EventAdminService = ReturnType<typeof createEventAdminService>;

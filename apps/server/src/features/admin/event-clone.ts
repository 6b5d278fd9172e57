import { randomUUID } from 'node:crypto';
import { type DateOffset, shiftInstant, shiftRange } from '@cwh/domain';
import type { NewEvent } from '../events/event-repository.js';
import type { NewSegment, SegmentRow } from '../segments/segment-repository.js';

/** A slug nobody else has: the name in kebab case plus a short random suffix. */
export function newSlug(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'event'}-${randomUUID().slice(0, 8)}`;
}

/**
 * The copies of an event's segments for a clone: new ids chosen up front so parents and advance
 * rules can point at the copies, every date moved by `offset`. Rows come parents first.
 */
export function cloneSegments(rows: SegmentRow[], newEventId: string, offset: DateOffset): NewSegment[] {
  const ids = new Map(rows.map((row) => [row.id, randomUUID()]));
  return rows.map((row) => {
    const { createdAt: _created, ...copy } = row;
    const window = row.checkinsConfig.openWindow;
    return {
      ...copy,
      id: ids.get(row.id)!,
      eventId: newEventId,
      parentId: row.parentId ? (ids.get(row.parentId) ?? null) : null,
      registrationPhases: row.registrationPhases.map((phase) => ({
        ...phase,
        id: phase.id ?? randomUUID(),
        date: shiftRange(phase.date, offset),
      })),
      checkinsConfig: { ...row.checkinsConfig, openWindow: window ? shiftRange(window, offset) : null },
      dateFrom: shiftInstant(row.dateFrom, offset),
      dateTo: shiftInstant(row.dateTo, offset),
      supportedPeriods: row.supportedPeriods.map((period) => ({ ...period, id: randomUUID() })),
      // A rule pointing outside the event (should not happen) is dropped rather than left dangling.
      advanceRules: row.advanceRules.flatMap((rule) => {
        const next = ids.get(rule.nextSegmentId);
        return next ? [{ ...rule, id: randomUUID(), nextSegmentId: next }] : [];
      }),
    };
  });
}

export function clonedEvent(
  source: NewEvent,
  name: string,
  offset: DateOffset,
): Omit<NewEvent, 'id' | 'createdAt'> {
  return {
    tenant: source.tenant,
    slug: newSlug(name),
    name,
    // The organizer's names in other locales name the copy too until edited.
    nameTranslations: source.nameTranslations ?? {},
    status: 'active',
    competition: source.competition,
    thLevels: source.thLevels,
    gameId: source.gameId,
    dateFrom: shiftInstant(source.dateFrom as Date, offset),
    dateTo: shiftInstant(source.dateTo as Date, offset),
    // Prize pools are the season's, not dated: the copy starts with the same figures.
    prizes: source.prizes ?? null,
    // A new event gets its own teams' group: the copy starts without one.
    chatGroupUrl: null,
  };
}

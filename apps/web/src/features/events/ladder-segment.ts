import type { EventResource, SegmentListDocument, SegmentResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { pickByTime, selectActiveChildSegment, selectActiveEvent } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { fetchEvents } from './events-api';

export interface LadderSegment {
  event: EventResource;
  /** The level-0 stage the team plays in. */
  stage: SegmentResource | null;
  /** The active segment inside the stage (spec 4); a ladder when eliminationType is 'ladder'. */
  segment: SegmentResource;
  /** Every segment of the event (schedule, competition). */
  all: SegmentResource[];
}

const segmentsCache = new Map<string, Promise<SegmentResource[]>>();

/** Every segment of an event, every level; cached for the page's life (segments rarely change). */
export function fetchEventSegments(eventId: string): Promise<SegmentResource[]> {
  let pending = segmentsCache.get(eventId);
  if (!pending) {
    pending = api
      .get<SegmentListDocument>(`${API.tournaments}/events/${encodeURIComponent(eventId)}/segments`)
      .then((document) => document.data);
    pending.catch(() => segmentsCache.delete(eventId));
    segmentsCache.set(eventId, pending);
  }
  return pending;
}

const childrenOf = (all: SegmentResource[], parentId: string) =>
  all.filter((segment) => segment.relationships?.parent.data?.id === parentId);

const dated = (segment: SegmentResource) => ({ segment, date: segment.attributes.date });

/** Spec 4 "inside the active segment": the child running now, else the next, else the last. */
export function activeChild(all: SegmentResource[], stage: SegmentResource, now: Date): SegmentResource {
  const children = childrenOf(all, stage.id);
  return selectActiveChildSegment(children.map(dated), now)?.segment ?? stage;
}

export interface LadderHints {
  eventId?: string | null;
  stageId?: string | null;
  now?: Date;
}

/**
 * The segment the ladder UI is about: the session's stage when known, else in the active
 * championship event the ladder segment running now (or next, or last).
 */
export async function findLadderSegment(hints: LadderHints = {}): Promise<LadderSegment | null> {
  const now = hints.now ?? new Date();
  const events = await fetchEvents();
  let event = events.find((candidate) => candidate.id === hints.eventId);
  if (!event) {
    const active = events.filter((candidate) => candidate.attributes.status === 'active');
    const pool = active.some((candidate) => candidate.attributes.competition === 'championship')
      ? active.filter((candidate) => candidate.attributes.competition === 'championship')
      : active.length > 0
        ? active
        : events;
    const picked = selectActiveEvent(
      pool.map((candidate) => ({ id: candidate.id, date: candidate.attributes.date })),
      now,
    );
    event = pool.find((candidate) => candidate.id === picked?.id);
  }
  if (!event) return null;
  const all = await fetchEventSegments(event.id);
  const stage = all.find((segment) => segment.id === hints.stageId) ?? null;
  if (stage) return { event, stage, segment: activeChild(all, stage, now), all };
  const ladders = all.filter(
    (segment) => segment.attributes.eliminationType === 'ladder' && segment.attributes.level > 0,
  );
  const ladder = pickByTime(ladders.map(dated), now)?.segment;
  if (!ladder) return null;
  const parentId = ladder.relationships?.parent.data?.id;
  return { event, stage: all.find((segment) => segment.id === parentId) ?? null, segment: ladder, all };
}

type LadderState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; value: LadderSegment | null };

/**
 * findLadderSegment for the queue controller, which lives in the overlay host beside every page
 * rather than in a route (pages get the segment from their route loader); refetches when the
 * session's event or stage changes.
 */
export function useLadderSegment(eventId: string | null, stageId: string | null): LadderState {
  const [state, setState] = useState<LadderState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    findLadderSegment({ eventId, stageId }).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [eventId, stageId]);
  return state;
}

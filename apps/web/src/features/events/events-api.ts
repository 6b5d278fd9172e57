import type { EventListDocument, EventResource, SegmentListDocument, SegmentResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { api } from '../../lib/api-client';

export async function fetchEvents(signal?: AbortSignal): Promise<EventResource[]> {
  const document = await api.get<EventListDocument>(`${API.tournaments}/events`, { signal });
  return document.data;
}

/** Level-0 segments (the stages) of an event, by start date. */
export async function fetchRootSegments(eventId: string, signal?: AbortSignal): Promise<SegmentResource[]> {
  const document = await api.get<SegmentListDocument>(
    `${API.tournaments}/events/${encodeURIComponent(eventId)}/segments`,
    { query: { 'filter[level]': 0, sort: 'date.from' }, signal },
  );
  return document.data;
}

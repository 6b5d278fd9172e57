import type { EventResource, SegmentResource } from '@cwh/contract';
import {
  CHAMPIONSHIP_TH_LEVEL,
  registrationStatus,
  selectActiveEvent,
  selectActiveSegment,
} from '@cwh/domain';
import { fetchEvents, fetchRootSegments } from '../events/events-api';

export interface TeamSegment {
  event: EventResource;
  segment: SegmentResource;
  registration: 'before' | 'open' | 'after';
}

function segmentLike(segment: SegmentResource) {
  return {
    id: segment.id,
    name: segment.attributes.name,
    childIds: segment.relationships?.children.data.map((child) => child.id) ?? [],
    configuration: segment.attributes.configuration,
    date: segment.attributes.date,
  };
}

/**
 * Spec 4 "active segment" for a clan: among the events of its competition (TH17 championship,
 * else the town hall cup), the active event, then the parent of the clan's roster, else the
 * non-test level-0 segment of the clan's town hall level.
 */
export async function findTeamSegment(
  thLevel: number,
  rosterSegmentId: string | null,
  now: Date = new Date(),
): Promise<TeamSegment | null> {
  const competition = thLevel === CHAMPIONSHIP_TH_LEVEL ? 'championship' : 'townHallCup';
  const events = (await fetchEvents()).filter(
    (event) =>
      event.attributes.competition === competition &&
      event.attributes.status === 'active' &&
      event.attributes.thLevels.includes(thLevel),
  );
  const picked = selectActiveEvent(
    events.map((event) => ({ id: event.id, date: event.attributes.date })),
    now,
  );
  const event = events.find((candidate) => candidate.id === picked?.id);
  if (!event) return null;
  const segments = await fetchRootSegments(event.id);
  const chosen = selectActiveSegment(
    segments.map(segmentLike),
    { latestRosterSegmentParentId: rosterSegmentId, thLevel },
    now,
  );
  const segment = segments.find((candidate) => candidate.id === chosen?.id);
  if (!segment) return null;
  return {
    event,
    segment,
    registration: registrationStatus({ registrationPhases: segment.attributes.registrationPhases }, now),
  };
}

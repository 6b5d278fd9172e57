import type {
  BracketInfoDocument,
  EventResource,
  MatchSeriesListDocument,
  SegmentResource,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { selectActiveEvent, WRAPPER_EVENT } from '@cwh/domain';
import { api } from '../../lib/api-client';
import { fetchEvents } from '../events/events-api';
import { fetchEventSegments } from '../events/ladder-segment';
import type { MatchSeriesValue } from '../matches/match-series-api';
import type { BracketInfo } from './finals-model';

/** A double-elimination stage has at most 127 series (64 teams); the 8-team finals have 15. */
const STAGE_PAGE_SIZE = 100;
const MAX_PAGES = 5;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /segments/{id}/bracket/info: the stage of a segment (404 before it is seeded). */
export async function fetchBracketInfo(segmentId: string, signal?: AbortSignal): Promise<BracketInfo> {
  const document = await api.get<BracketInfoDocument>(
    `${API.tournaments}/segments/${encodeURIComponent(segmentId)}/bracket/info`,
    withSignal(signal),
  );
  return { ...document.data.attributes, id: document.data.id };
}

/** GET /bracket/{id}/match-series: every series of the stage, by round then play order. */
export async function fetchStageSeries(stageId: string, signal?: AbortSignal): Promise<MatchSeriesValue[]> {
  const out: MatchSeriesValue[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const document = await api.get<MatchSeriesListDocument>(
      `${API.tournaments}/bracket/${encodeURIComponent(stageId)}/match-series`,
      { query: { 'page[size]': STAGE_PAGE_SIZE, 'page[number]': page }, ...withSignal(signal) },
    );
    out.push(...document.data.map((resource) => ({ ...resource.attributes, id: resource.id })));
    const totalPages = document.meta?.page?.totalPages ?? 1;
    if (document.data.length < STAGE_PAGE_SIZE || page >= totalPages) break;
  }
  return out;
}

export interface EventSegment {
  event: EventResource;
  segment: SegmentResource;
}

const overlapsWrapper = (event: EventResource) =>
  Date.parse(event.attributes.date.from) <= Date.parse(WRAPPER_EVENT.end) &&
  Date.parse(event.attributes.date.to) >= Date.parse(WRAPPER_EVENT.start);

/**
 * The World Championship Finals: the Championship Finals (CF) double-elimination segment of the
 * 2025 World Championship (the event over the spec 3 wrapper dates), else of the latest
 * championship that has one. Null when no event has such a segment.
 */
export async function findWorldFinals(signal?: AbortSignal): Promise<EventSegment | null> {
  const events = (await fetchEvents(signal))
    .filter((event) => event.attributes.competition === 'championship')
    .sort((a, b) => {
      const wrapper = Number(overlapsWrapper(b)) - Number(overlapsWrapper(a));
      return wrapper || Date.parse(b.attributes.date.from) - Date.parse(a.attributes.date.from);
    });
  for (const event of events) {
    const segments = await fetchEventSegments(event.id);
    const segment = segments.find(
      (candidate) =>
        candidate.attributes.stageCode === 'CF' &&
        candidate.attributes.eliminationType === 'double_elimination',
    );
    if (segment) return { event, segment };
  }
  return null;
}

export interface CupLevelSegments {
  event: EventResource;
  /** The level's container segment (level 0). */
  root: SegmentResource;
  ladder: SegmentResource | null;
  finals: SegmentResource | null;
}

/** The active town hall cup event's segments of one level: its Ladder and its Finals. */
export async function findCupLevel(
  level: number,
  now: Date,
  signal?: AbortSignal,
): Promise<CupLevelSegments | null> {
  const events = (await fetchEvents(signal)).filter(
    (event) => event.attributes.competition === 'townHallCup' && event.attributes.thLevels.includes(level),
  );
  const active = events.filter((event) => event.attributes.status === 'active');
  const pool = active.length > 0 ? active : events;
  const picked = selectActiveEvent(
    pool.map((event) => ({ id: event.id, date: event.attributes.date })),
    now,
  );
  const event = pool.find((candidate) => candidate.id === picked?.id);
  if (!event) return null;
  const all = await fetchEventSegments(event.id);
  const root = all.find(
    (segment) => segment.attributes.level === 0 && segment.attributes.configuration.thLevel === level,
  );
  if (!root) return null;
  const children = all.filter((segment) => segment.relationships?.parent.data?.id === root.id);
  return {
    event,
    root,
    ladder: children.find((segment) => segment.attributes.eliminationType === 'ladder') ?? null,
    finals: children.find((segment) => segment.attributes.eliminationType !== 'ladder') ?? null,
  };
}

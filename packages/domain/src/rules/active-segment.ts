import type { Instant } from '../entities/common.js';
import { type Segment, TEST_SEGMENT_MARKER } from '../entities/segment.js';
import { pickByTime } from '../time/instant.js';

type SegmentLike = Pick<Segment, 'id' | 'name' | 'childIds' | 'configuration' | 'date'>;

export function isTestSegment(segment: Pick<Segment, 'name'>): boolean {
  return segment.name.includes(TEST_SEGMENT_MARKER);
}

export interface ActiveSegmentHints {
  /** `segment.parent.id` of the user's latest roster. */
  latestRosterSegmentParentId?: string | null;
  /** The town hall level picked in the UI (configuration.thLevel). */
  thLevel?: number | null;
}

/**
 * Spec 4: the parent of the user's latest roster, else the non-test segment of the selected town
 * hall level, else the first non-test segment with children. When several segments share the level
 * (one per season) the one running now, else next, else last is taken.
 */
export function selectActiveSegment<S extends SegmentLike>(
  segments: readonly S[],
  hints: ActiveSegmentHints,
  now: Instant,
): S | undefined {
  if (hints.latestRosterSegmentParentId) {
    const parent = segments.find((segment) => segment.id === hints.latestRosterSegmentParentId);
    if (parent) return parent;
  }
  const playable = segments.filter((segment) => !isTestSegment(segment));
  if (hints.thLevel != null) {
    const ofLevel = playable.filter((segment) => segment.configuration.thLevel === hints.thLevel);
    const picked = pickByTime(ofLevel, now);
    if (picked) return picked;
  }
  return playable.find((segment) => segment.childIds.length > 0);
}

/** Spec 4: inside the active segment, the child running now, else the next upcoming, else the last. */
export function selectActiveChildSegment<S extends Pick<Segment, 'date'>>(
  children: readonly S[],
  now: Instant,
): S | undefined {
  return pickByTime(children, now);
}

import type { SegmentResource } from '@cwh/contract';
import { type SessionPeriods, sessionPeriods } from '@cwh/domain';

/**
 * The session's period flags (spec 3) from the team's segment: its check-in window and its dates.
 * `registrationClosed` is the roster's own (load-session); the finals days are the finals pages'.
 */
export function segmentPeriods(
  segment: SegmentResource | undefined,
  now: Date,
): Omit<SessionPeriods, 'registrationClosed'> | null {
  if (!segment) return null;
  const checkins = segment.attributes.segmentCheckinsConfig;
  const { registrationClosed: _closed, ...flags } = sessionPeriods(
    {
      registration: null,
      checkIn: checkins.enabled ? checkins.openWindow : null,
      play: segment.attributes.date,
      dayStarts: [],
    },
    now,
  );
  return flags;
}

import type { DateRange, Instant } from '../entities/common.js';
import type { RegistrationStatus, Segment } from '../entities/segment.js';
import { rangeStatus } from '../time/instant.js';

/**
 * Spec 4: before/open/after from the FIRST registration phase of the segment. A segment without any
 * phase has nothing to register for, so it reads as closed ('after').
 */
export function registrationStatus(
  segment: Pick<Segment, 'registrationPhases'> | null | undefined,
  now: Instant,
): RegistrationStatus {
  const first = segment?.registrationPhases[0];
  return first ? rangeStatus(first.date, now) : 'after';
}

export function isRegistrationOpen(
  segment: Pick<Segment, 'registrationPhases'> | null | undefined,
  now: Instant,
) {
  return registrationStatus(segment, now) === 'open';
}

/** Bracket stages use the same before/open/after reading of their own date range. */
export function bracketStageStatus(stage: { date: DateRange }, now: Instant): RegistrationStatus {
  return rangeStatus(stage.date, now);
}

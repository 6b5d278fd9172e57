import type { EventPrizes } from '@cwh/contract';
import type { RegistrationPhaseData, SegmentCheckinsConfig } from '../db/schema/index.js';

/** A segment as the seed describes it; `children` become level + 1 segments. */
export interface SegmentSeed {
  slug: string;
  name: string;
  stageCode: string;
  eliminationType: 'ladder' | 'swiss' | 'double_elimination';
  type: string;
  format: string;
  from: Date;
  to: Date;
  thLevel: number;
  phase?: string;
  registrationStatus?: 'open' | 'closed';
  registrationPhases?: RegistrationPhaseData[];
  checkins?: SegmentCheckinsConfig;
  rostersLimit?: { limit: number; standbyLimit: number };
  children?: SegmentSeed[];
}

export interface EventSeed {
  slug: string;
  name: string;
  status: 'active' | 'archived';
  competition: 'championship' | 'townHallCup';
  thLevels: number[];
  from: Date;
  to: Date;
  /** The event's prizes; left out, a re-seed keeps what the organizer set. */
  prizes?: EventPrizes;
  segments: SegmentSeed[];
}

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

/** `now` shifted by whole days (and optional hours); the seed's dates all hang off the given now. */
export const daysFrom = (now: Date, days: number, hours = 0) =>
  new Date(now.getTime() + days * DAY + hours * HOUR);

export const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function registrationPhase(from: Date, to: Date): RegistrationPhaseData {
  return { name: 'Registration', type: 'registration', date: { from: iso(from), to: iso(to) } };
}

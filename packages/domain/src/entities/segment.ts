import type { DateRange } from './common.js';

export const ELIMINATION_TYPES = ['ladder', 'swiss', 'double_elimination'] as const;
export type EliminationType = (typeof ELIMINATION_TYPES)[number];

/**
 * OL open ladder, MQ monthly qualifiers, MF monthly finals, CF championship finals,
 * LCQ last chance qualifier, CQ china qualifier, CT community tournament; LADDER/FINALS are the cup stages.
 */
export const STAGE_CODES = ['OL', 'MQ', 'MF', 'CF', 'LCQ', 'CQ', 'CT', 'LADDER', 'FINALS'] as const;
export type StageCode = (typeof STAGE_CODES)[number];

export const SEGMENT_PHASES = ['MONTHLY_QUALIFIERS'] as const;
export type SegmentPhase = (typeof SEGMENT_PHASES)[number];

export const REGISTRATION_STATUSES = ['before', 'open', 'after'] as const;
/** Where "now" stands relative to a registration phase or a bracket stage. */
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Marks test segments, which never become the active segment by default. */
export const TEST_SEGMENT_MARKER = '[TEST]';

export interface RegistrationPhase {
  name: string;
  date: DateRange;
  type: string;
}

export interface SegmentImage {
  type: string;
  url: string;
}

export interface SegmentConfiguration {
  thLevel: number;
  phase: SegmentPhase | string | null;
}

export interface SegmentCheckinsConfig {
  enabled: boolean;
  openWindow: DateRange | null;
}

export interface RosterSize {
  playersMin: number;
  playersMax: number;
  coachesMax: number;
}

export interface RostersLimit {
  limit: number;
  standbyLimit: number;
}

export interface Segment {
  id: string;
  name: string;
  eventId: string;
  parentId: string | null;
  childIds: string[];
  format: string;
  stageCode: StageCode | null;
  eliminationType: EliminationType;
  registrationType: string;
  registrationStatus: string;
  registrationPhases: RegistrationPhase[];
  timezone: string;
  type: string;
  images: SegmentImage[];
  configuration: SegmentConfiguration;
  segmentCheckinsConfig: SegmentCheckinsConfig;
  rosterSize: RosterSize;
  rostersLimit: RostersLimit;
  date: DateRange;
  level: number;
}

export interface SegmentType {
  id: string;
  name: string;
  key: string;
}

export interface AdvanceRule {
  id: string;
  placements: number[];
  nextSegmentId: string;
}

export interface SupportedPeriod {
  id: string;
  name: string;
  key: string;
  sortOrder: number;
  isRequired: boolean;
  isFinalResult: boolean;
}

import type { DateRange, NameTranslations } from '@cwh/contract';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';

export interface RegistrationPhaseData {
  /** Present on phases created through the admin API (seeded phases have none until edited). */
  id?: string;
  name: string;
  type: string;
  date: DateRange;
}
export interface SupportedPeriodData {
  id: string;
  name: string;
  key: string;
  sortOrder: number;
  isRequired: number;
  isFinalResult: number;
}
export interface AdvanceRuleData {
  id: string;
  placements: number[];
  nextSegmentId: string;
}
export interface SegmentConfiguration {
  thLevel: number;
  phase: string | null;
}
export interface SegmentCheckinsConfig {
  enabled: boolean;
  openWindow: DateRange | null;
}

export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => segments.id, { onDelete: 'cascade' }),
    /** Stable key, unique inside an event, used for upserts. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The organizer's names in other locales, by locale (`name` is the default). */
    nameTranslations: jsonb('name_translations').$type<NameTranslations>().notNull().default({}),
    format: text('format').notNull(),
    stageCode: text('stage_code').notNull(),
    eliminationType: text('elimination_type').notNull(),
    registrationType: text('registration_type').notNull(),
    registrationStatus: text('registration_status').notNull(),
    registrationPhases: jsonb('registration_phases').$type<RegistrationPhaseData[]>().notNull(),
    timezone: text('timezone').notNull(),
    type: text('type').notNull(),
    images: jsonb('images').$type<{ type: string; url: string }[]>().notNull(),
    configuration: jsonb('configuration').$type<SegmentConfiguration>().notNull(),
    checkinsConfig: jsonb('checkins_config').$type<SegmentCheckinsConfig>().notNull(),
    rosterSize: jsonb('roster_size')
      .$type<{ playersMin: number; playersMax: number; coachesMax: number }>()
      .notNull(),
    rostersLimit: jsonb('rosters_limit').$type<{ limit: number; standbyLimit: number }>().notNull(),
    dateFrom: timestamp('date_from', { withTimezone: true }).notNull(),
    dateTo: timestamp('date_to', { withTimezone: true }).notNull(),
    level: integer('level').notNull(),
    /** Small per-segment lists edited whole by the organizer; kept beside the segment so a clone copies them. */
    supportedPeriods: jsonb('supported_periods').$type<SupportedPeriodData[]>().notNull().default([]),
    advanceRules: jsonb('advance_rules').$type<AdvanceRuleData[]>().notNull().default([]),
    /** Changes of the dates or check-in window, and the last one's time (migration 0031, a trigger; the event calendar feed). */
    scheduleRevision: integer('schedule_revision').notNull().default(0),
    rescheduledAt: timestamp('rescheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('segments_event_slug_uq').on(t.eventId, t.slug),
    index('segments_event_level_date_idx').on(t.eventId, t.level, t.dateFrom),
    index('segments_parent_idx').on(t.parentId),
  ],
);

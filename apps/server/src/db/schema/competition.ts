import type {
  BracketResult,
  DoubleEliminationBracket,
  SwissConfig,
  SwissRoundInput,
  SwissRoundOutput,
} from '@cwh/domain';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { matchSeries } from './ladder';
import { segments } from './segments';
import { users } from './users';

/**
 * A swiss or double-elimination stage of a segment. The engines of packages/domain are
 * pure: the stage stores what they need to replay (`teams` with seeds, the swiss config, the
 * bracket structure and its recorded winners) and each swiss round's input and output.
 */
export const competitionStages = pgTable(
  'competition_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['swiss', 'double_elimination'] }).notNull(),
    teams: jsonb('teams').$type<{ rosterId: string; seed: number }[]>().notNull(),
    swissConfig: jsonb('swiss_config').$type<SwissConfig>(),
    bracket: jsonb('bracket').$type<DoubleEliminationBracket>(),
    /** Double elimination: the recorded winners, the only state the bracket needs. */
    bracketResults: jsonb('bracket_results').$type<BracketResult[]>().notNull().default([]),
    /** First match date; later rounds are scheduled from it. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('competition_stages_segment_uq').on(t.segmentId)],
);

/** One swiss round: the engine's input and output, stored as the round's audit trail. */
export const competitionRounds = pgTable(
  'competition_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => competitionStages.id, { onDelete: 'cascade' }),
    roundNumber: integer('round_number').notNull(),
    input: jsonb('input').$type<SwissRoundInput>().notNull(),
    output: jsonb('output').$type<SwissRoundOutput>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('competition_rounds_stage_round_uq').on(t.stageId, t.roundNumber)],
);

/**
 * The match series of a stage: `nodeId` is the bracket node ('U1-1', 'L2-1', 'GF1') or the swiss
 * table ('R2-T5'); `bracketNumber` 1 upper, 2 lower, 3 grand final (swiss: 1).
 */
export const stageMatchSeries = pgTable(
  'stage_match_series',
  {
    matchSeriesId: uuid('match_series_id')
      .primaryKey()
      .references(() => matchSeries.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => competitionStages.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    roundNumber: integer('round_number').notNull(),
    bracketNumber: integer('bracket_number').notNull(),
    /** Play order inside the stage (bracket `number`, swiss table). */
    number: integer('number').notNull(),
  },
  (t) => [uniqueIndex('stage_match_series_node_uq').on(t.stageId, t.nodeId)],
);

/**
 * How each roster left a stage (POST /segments/{id}/advance): qualified for `nextSegmentId` with
 * `nextSeed` (and a ticket for ticket winners), or eliminated. One row per roster and stage.
 */
export const stageOutcomes = pgTable(
  'stage_outcomes',
  {
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id').notNull(),
    rank: integer('rank').notNull(),
    outcome: text('outcome', { enum: ['qualified', 'eliminated'] }).notNull(),
    ruleId: text('rule_id'),
    nextSegmentId: uuid('next_segment_id').references(() => segments.id, { onDelete: 'set null' }),
    nextSeed: integer('next_seed'),
    ticket: text('ticket', { enum: ['golden', 'silver'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.segmentId, t.rosterId] }),
    index('stage_outcomes_next_idx').on(t.nextSegmentId, t.nextSeed),
  ],
);

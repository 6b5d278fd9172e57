import { document, listDocument, requestBody, resource } from './jsonapi.js';
import { nameTranslationsInput } from './name-translations.js';
import { resourceId } from './params.js';
import { eventPrizes } from './prizes.js';
import * as z from './safe-zod.js';

/** Spec §5: dates are sent as ISO 8601 without milliseconds. */
export const isoSecondsInput = z.iso.datetime({ offset: true, precision: 0 });
export const dateRangeInput = z
  .object({ from: isoSecondsInput, to: isoSecondsInput })
  .refine((range) => Date.parse(range.from) <= Date.parse(range.to), {
    message: 'date.from must not be after date.to',
    path: ['to'],
  });

const NAME_MAX = 200;
const name = z.string().trim().min(1).max(NAME_MAX);
/** Omitted: unchanged (none for a new one); `{}` removes them all. */
const nameTranslations = nameTranslationsInput(NAME_MAX).optional();

export const eventInputAttributes = z.object({
  name,
  nameTranslations,
  status: z.enum(['active', 'archived']),
  date: dateRangeInput,
  competition: z.enum(['championship', 'townHallCup']),
  thLevels: z.array(z.number().int().min(1).max(30)).min(1).max(10),
  /** Omitted: the event keeps the prizes it has (none for a new event); null removes them. */
  prizes: eventPrizes.nullable().optional(),
  /**
   * The teams' messaging-app group (invite link or QR payload) the group QR code encodes. Omitted:
   * unchanged (none for a new event); null: removed, and the page says the group is not set up yet.
   */
  chatGroupUrl: z.string().trim().min(1).max(2000).nullable().optional(),
});
export const createEventBody = requestBody(eventInputAttributes);
export const updateEventBody = requestBody(eventInputAttributes);

/** Clone: every date of the copy moves by `offset` (calendar months, then days). */
export const cloneEventBody = requestBody(
  z.object({
    name,
    offset: z
      .object({
        months: z.number().int().min(-120).max(120).default(0),
        days: z.number().int().min(-3650).max(3650).default(0),
      })
      .strict(),
  }),
);

const stageCode = z.enum(['OL', 'MQ', 'MF', 'CF', 'LCQ', 'CQ', 'CT', 'LADDER', 'FINALS']);
const count = z.number().int().min(0).max(100_000);

/** The segment fields a new segment may omit; a PATCH without them keeps what the segment has. */
const segmentOptionalFields = {
  parentId: resourceId.nullable(),
  registrationType: z.string().trim().min(1).max(50),
  registrationStatus: z.enum(['open', 'closed']),
  timezone: z.string().trim().min(1).max(64),
  segmentCheckinsConfig: z.object({ enabled: z.boolean(), openWindow: dateRangeInput.nullable() }),
};

export const segmentInputAttributes = z.object({
  name,
  nameTranslations,
  parentId: segmentOptionalFields.parentId.default(null),
  format: z.string().trim().min(1).max(100),
  stageCode,
  eliminationType: z.enum(['ladder', 'swiss', 'double_elimination']),
  registrationType: segmentOptionalFields.registrationType.default('allowed'),
  registrationStatus: segmentOptionalFields.registrationStatus.default('closed'),
  timezone: segmentOptionalFields.timezone.default('UTC'),
  type: z.string().trim().min(1).max(50),
  configuration: z.object({
    thLevel: z.number().int().min(1).max(30),
    phase: z.string().max(100).nullable().default(null),
  }),
  segmentCheckinsConfig: segmentOptionalFields.segmentCheckinsConfig.default({
    enabled: false,
    openWindow: null,
  }),
  rosterSize: z.object({ playersMin: count, playersMax: count, coachesMax: count }),
  rostersLimit: z.object({ limit: count, standbyLimit: count }),
  date: dateRangeInput,
});
export const createSegmentBody = requestBody(segmentInputAttributes);
/**
 * Only the attributes sent change: the create defaults are left out (a `.partial()` of the create
 * schema filled them in, so a PATCH of the dates alone moved the segment to the top level, closed
 * its registration and switched its check-ins off).
 */
export const patchSegmentBody = requestBody(segmentInputAttributes.extend(segmentOptionalFields).partial());

/** The phase's `type` (spec §3) is `phaseType` in documents: JSON:API forbids an attribute `type`. */
export const registrationPhaseInput = z.object({
  name,
  phaseType: z.string().trim().min(1).max(50),
  date: dateRangeInput,
});
export const registrationPhaseBody = requestBody(registrationPhaseInput);
export const registrationPhaseResource = resource(
  'registration-phases',
  z.object({ name: z.string(), phaseType: z.string(), date: z.object({ from: z.string(), to: z.string() }) }),
);
export const registrationPhaseDocument = document(registrationPhaseResource);
export const registrationPhaseListDocument = listDocument(registrationPhaseResource);

/** Spec §5: sortOrder, isRequired and isFinalResult are integers (the flags 0 or 1). */
const flag = z.number().int().min(0).max(1);
export const supportedPeriodInput = z.object({
  name,
  key: z.string().trim().min(1).max(50),
  sortOrder: z.number().int().min(0).max(10_000),
  isRequired: flag,
  isFinalResult: flag,
});
export const supportedPeriodBody = requestBody(supportedPeriodInput);
export const supportedPeriodResource = resource('supported-periods', supportedPeriodInput);
export const supportedPeriodDocument = document(supportedPeriodResource);
export const supportedPeriodListDocument = listDocument(supportedPeriodResource);

export const advanceRuleInput = z.object({
  placements: z.array(z.number().int().min(1).max(100_000)).min(1).max(1_000),
  nextSegmentId: resourceId,
});
export const advanceRuleBody = requestBody(advanceRuleInput);
export const advanceRuleResource = resource('advance-rules', advanceRuleInput);
export const advanceRuleDocument = document(advanceRuleResource);
export const advanceRuleListDocument = listDocument(advanceRuleResource);

export const segmentItemParams = z.object({
  eventId: resourceId,
  segmentId: resourceId,
  id: z.string().min(1).max(64),
});
export const segmentAdvanceRuleParams = z.object({ segmentId: resourceId, id: resourceId.optional() });

export type CreateEventBody = z.infer<typeof createEventBody>;
export type UpdateEventBody = z.infer<typeof updateEventBody>;
export type CloneEventBody = z.infer<typeof cloneEventBody>;
export type CreateSegmentBody = z.infer<typeof createSegmentBody>;
export type PatchSegmentBody = z.infer<typeof patchSegmentBody>;
export type RegistrationPhaseBody = z.infer<typeof registrationPhaseBody>;
export type RegistrationPhaseDocument = z.infer<typeof registrationPhaseDocument>;
export type RegistrationPhaseListDocument = z.infer<typeof registrationPhaseListDocument>;
export type SupportedPeriodBody = z.infer<typeof supportedPeriodBody>;
export type SupportedPeriodDocument = z.infer<typeof supportedPeriodDocument>;
export type SupportedPeriodListDocument = z.infer<typeof supportedPeriodListDocument>;
export type AdvanceRuleBody = z.infer<typeof advanceRuleBody>;
export type AdvanceRuleDocument = z.infer<typeof advanceRuleDocument>;
export type AdvanceRuleListDocument = z.infer<typeof advanceRuleListDocument>;

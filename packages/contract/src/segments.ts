import { dateRange, document, listDocument, pageQuery, resource, toMany, toOne } from './jsonapi.js';
import { nameTranslations } from './name-translations.js';
import * as z from './safe-zod.js';

export const eliminationType = z.enum(['ladder', 'swiss', 'double_elimination']);
export const stageCode = z.enum(['OL', 'MQ', 'MF', 'CF', 'LCQ', 'CQ', 'CT', 'LADDER', 'FINALS']);

export const registrationPhase = z.object({
  name: z.string(),
  date: dateRange,
  type: z.string(),
});

export const segmentAttributes = z.object({
  name: z.string(),
  /** The organizer's names in other locales (`name` is the default); absent from older servers. */
  nameTranslations: nameTranslations.optional(),
  format: z.string(),
  stageCode,
  eliminationType,
  registrationType: z.string(),
  registrationStatus: z.string(),
  registrationPhases: z.array(registrationPhase),
  timezone: z.string(),
  images: z.array(z.object({ type: z.string(), url: z.string() })),
  configuration: z.object({ thLevel: z.number().int(), phase: z.string().nullable() }),
  segmentCheckinsConfig: z.object({ enabled: z.boolean(), openWindow: dateRange.nullable() }),
  rosterSize: z.object({
    playersMin: z.number().int(),
    playersMax: z.number().int(),
    coachesMax: z.number().int(),
  }),
  rostersLimit: z.object({ limit: z.number().int(), standbyLimit: z.number().int() }),
  date: dateRange,
  level: z.number().int(),
});
/**
 * The segment type is a resource of its own (GET /segment-types, id = its key such as `ladder`), so
 * it is the `segmentType` relationship: JSON:API forbids an attribute named `type`.
 */
export const segmentResource = resource(
  'segments',
  segmentAttributes,
  z.object({ event: toOne, parent: toOne, children: toMany, segmentType: toOne }),
);
export type SegmentResource = z.infer<typeof segmentResource>;
export const segmentDocument = document(segmentResource);
export const segmentListDocument = listDocument(segmentResource);

export const segmentListQuery = pageQuery.extend({
  'filter[level]': z.coerce.number().int().min(0).max(10).optional(),
  sort: z.enum(['date.from', '-date.from']).optional(),
});

/** Identified by its key (`container`, `ladder`, `swiss`, `double_elimination`), the value segments relate to. */
export const segmentTypeResource = resource('segment-types', z.object({ name: z.string(), key: z.string() }));
export type SegmentTypeResource = z.infer<typeof segmentTypeResource>;
export const segmentTypeListDocument = listDocument(segmentTypeResource);
export const segmentTypeListQuery = pageQuery;

export const gameResource = resource('games', z.object({ name: z.string(), slug: z.string() }));
export type GameResource = z.infer<typeof gameResource>;
export const gameDocument = document(gameResource);
export const gameListDocument = listDocument(gameResource);
export const gameListQuery = pageQuery;

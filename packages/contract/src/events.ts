import { dateRange, document, listDocument, pageQuery, resource, toMany, toOne } from './jsonapi.js';
import { nameTranslations } from './name-translations.js';
import { eventPrizes } from './prizes.js';
import * as z from './safe-zod.js';

export const eventStatus = z.enum(['active', 'archived']);

export const eventAttributes = z.object({
  name: z.string(),
  /** The organizer's names in other locales (`name` is the default); absent from older servers. */
  nameTranslations: nameTranslations.optional(),
  status: eventStatus,
  date: dateRange,
  /** Competition kind: the championship (TH17) or the town hall cup (TH 9/12/15). */
  competition: z.enum(['championship', 'townHallCup']),
  thLevels: z.array(z.number().int()),
  /** The event's prizes; null when the organizer has set none (absent from older servers). */
  prizes: eventPrizes.nullable().optional(),
  /** The teams' messaging-app group link: in the organizer's documents only (absent elsewhere). */
  chatGroupUrl: z.string().nullable().optional(),
});
export const eventResource = resource('events', eventAttributes, z.object({ game: toOne, segments: toMany }));
export type EventResource = z.infer<typeof eventResource>;
export const eventDocument = document(eventResource);
export const eventListDocument = listDocument(eventResource);

export const eventListQuery = pageQuery.extend({
  'filter[status]': eventStatus.optional(),
});

import { LOCALES } from '@cwh/domain';
import * as z from './safe-zod.js';

/** Query of the calendar feeds (calendar-paths.ts): the language of the feed's texts. */
export const calendarFeedQuery = z.object({
  lang: z
    .enum(LOCALES, { error: () => `lang must be one of ${LOCALES.join(', ')}` })
    .optional()
    .default('en'),
});
export type CalendarFeedQuery = z.infer<typeof calendarFeedQuery>;

import { API } from './paths.js';

/**
 * Calendar feeds (issue #34): iCalendar (`text/calendar`) subscriptions of a team's matches and of
 * an event's stages and scheduled matches, public reads under /api/tournaments/1.0. `lang` (one of
 * the 9 locales, default en) picks the language of the feed's texts.
 */
export const CALENDAR_FEED_PATHS = {
  roster: (rosterId: string) => `${API.tournaments}/rosters/${rosterId}/calendar.ics`,
  event: (eventId: string) => `${API.tournaments}/events/${eventId}/calendar.ics`,
} as const;

/** Media type of the feeds. */
export const CALENDAR_MEDIA_TYPE = 'text/calendar';

/**
 * The two links of a feed at `origin` (`https://hub.example.com`): `https` to download or open it
 * in a browser or web view, `webcal` (the same address, scheme webcal) to subscribe in a calendar app.
 */
export function calendarFeedLinks(
  origin: string,
  path: string,
  lang: string,
): { https: string; webcal: string } {
  const url = new URL(path, origin);
  if (lang !== 'en') url.searchParams.set('lang', lang);
  const https = url.toString();
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

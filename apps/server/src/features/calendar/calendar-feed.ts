import { DEFAULT_LOCALE, type Locale } from '@cwh/domain';
import ical, { type ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import { OFFICIAL_MATCH_SETTINGS } from '../ladder/match-series/official-war-mapper.js';
import type { FeedSeries, FeedStage, Named, Revision } from './calendar-repository.js';
import { calendarText } from './calendar-texts.js';

/**
 * The iCalendar documents of the feeds, written by ical-generator (RFC 5545: CRLF line ends, lines
 * folded at 75 octets, text escaped, times in UTC). What makes calendar apps update an entry
 * instead of adding a second one:
 * - a UID per series, stage and check-in window that never changes (`<id>@<kind>.clan-war-hub`);
 * - SEQUENCE = the times its date changed (match_series / segments `schedule_revision`, bumped by a
 *   database trigger whatever path moved it), so a rescheduled match is a newer revision;
 * - LAST-MODIFIED and DTSTAMP = when it was last rescheduled (else created). DTSTAMP is not the
 *   time of the download: an unchanged feed stays byte for byte the same, so the public read
 *   cache's ETag answers pollers with 304s, and apps see no change where there is none.
 */

/** A war: 5 minutes of preparation and 45 of battle (the esports format). */
export const MATCH_MINUTES =
  OFFICIAL_MATCH_SETTINGS.preparationMinutes + OFFICIAL_MATCH_SETTINGS.battleMinutes;
/** How often calendar apps should re-read a feed (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
export const REFRESH_SECONDS = 3600;
const UID_DOMAIN = 'clan-war-hub';

export interface FeedContext {
  locale: Locale;
  /** The hub's public address (PUBLIC_URL): matches link to their page there. */
  publicUrl: string;
}

/** The organizer's name in `locale` (English is the name itself), else the name. */
const localName = (named: Named, locale: Locale) =>
  (locale === 'en' ? undefined : named.names[locale]?.trim()) || named.name;

/** The hub's page of a match in the feed's language (English has no locale prefix). */
export function matchPageUrl(publicUrl: string, locale: Locale, seriesId: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return `${publicUrl.replace(/\/+$/, '')}${prefix}/match/${seriesId}`;
}

function newCalendar(context: FeedContext, name: string, description: string): ICalCalendar {
  return ical({
    prodId: { company: 'Clan War Hub', product: 'Calendar feeds', language: context.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name,
    description,
    ttl: REFRESH_SECONDS,
  });
}

const revisionOf = (entry: Revision) => {
  const modified = entry.rescheduledAt ?? entry.createdAt;
  return { sequence: entry.revision, stamp: modified, lastModified: modified, created: entry.createdAt };
};

/** A series seen from `side` ('home' for an event's feed), with its opponent, stage and page. */
function addSeries(calendar: ICalCalendar, context: FeedContext, series: FeedSeries, rosterId?: string) {
  const tbd = calendarText(context.locale, 'tbd');
  const awaySide = rosterId !== undefined && series.away.id === rosterId;
  const [own, other] = awaySide ? [series.away, series.home] : [series.home, series.away];
  const stage = localName(series.stage, context.locale);
  const url = matchPageUrl(context.publicUrl, context.locale, series.id);
  calendar.createEvent({
    id: `${series.id}@match-series.${UID_DOMAIN}`,
    ...revisionOf(series),
    start: series.date,
    end: new Date(series.date.getTime() + MATCH_MINUTES * 60_000),
    summary: calendarText(context.locale, 'match', {
      team: own.name?.trim() || tbd,
      opponent: other.name?.trim() || tbd,
      stage,
    }),
    description: [
      calendarText(context.locale, 'stageLine', { stage }),
      calendarText(context.locale, 'matchPage', { url }),
    ].join('\n'),
    url,
  });
}

/** A team's feed: every series of the roster, from its side. */
export function rosterFeed(
  context: FeedContext,
  roster: { id: string; name: string | null; clanTag: string | null; event: Named },
  series: readonly FeedSeries[],
): string {
  const team = roster.name?.trim() || roster.clanTag || calendarText(context.locale, 'tbd');
  const event = localName(roster.event, context.locale);
  const calendar = newCalendar(
    context,
    calendarText(context.locale, 'teamCalendar', { team }),
    calendarText(context.locale, 'teamDescription', { team, event }),
  );
  for (const one of series) addSeries(calendar, context, one, roster.id);
  return calendar.toString();
}

/** An event's feed: each stage's dates, its check-in window when check-ins are on, its series. */
export function eventFeed(
  context: FeedContext,
  event: Named,
  stages: readonly FeedStage[],
  series: readonly FeedSeries[],
): string {
  const name = localName(event, context.locale);
  const calendar = newCalendar(
    context,
    calendarText(context.locale, 'eventCalendar', { event: name }),
    calendarText(context.locale, 'eventDescription', { event: name }),
  );
  for (const stage of stages) {
    const stageName = localName(stage, context.locale);
    calendar.createEvent({
      id: `${stage.id}@stage.${UID_DOMAIN}`,
      ...revisionOf(stage),
      start: stage.dateFrom,
      end: stage.dateTo,
      summary: stageName,
    });
    const window = stage.checkins.enabled ? stage.checkins.openWindow : null;
    if (!window) continue;
    calendar.createEvent({
      id: `${stage.id}@check-in.${UID_DOMAIN}`,
      ...revisionOf(stage),
      start: new Date(window.from),
      end: new Date(window.to),
      summary: calendarText(context.locale, 'checkIn', { stage: stageName }),
    });
  }
  for (const one of series) addSeries(calendar, context, one);
  return calendar.toString();
}

import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_BY_BOTH_FETCH_DELAY_MS,
  CHECKIN_UPCOMING_MATCH_POLL_MS,
  CHECKIN_WINDOW_MS,
  CLOSE_AFTER_DEEP_LINK_MS,
  COUNTRY_COOKIE_MAX_AGE_MS,
  DECLINE_CLOSE_DELAY_MS,
  DEFAULT_COUNTRY,
  DEFAULT_TENANT,
  HOME_TAB_COOKIE_MAX_AGE_MS,
  IDLE_PREFETCH_TIMEOUT_MS,
  LADDER_NEXT_MATCH_POLL_MS,
  LOCALE_COOKIE_MAX_AGE_MS,
  MATCH_LIMIT_WINDOW_MS,
  MATCHUP_ACCEPT_WINDOW_MS,
  OPEN_GAME_DEEP_LINK_DELAY_MS,
  ROSTER_RELOAD_POLL_MS,
  STANDALONE_COUNTRY,
  STANDALONE_PLATFORM,
  START_WAR_POLL_MS,
} from './constants.js';
import { STARS_PERIOD } from './entities/match-series.js';
import { CLAN_TAG_PROVIDER } from './entities/roster.js';
import { ROSTER_ALREADY_PLAYED_DETAIL } from './errors/server-error-codes.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

describe('timings of spec sections 2–4 and 9, in milliseconds', () => {
  it.each<[name: string, actual: number, expected: number]>([
    ['MATCH_LIMIT_WINDOW_MS (6 matches per 24 hours)', MATCH_LIMIT_WINDOW_MS, DAY],
    ['MATCHUP_ACCEPT_WINDOW_MS (15 s to accept)', MATCHUP_ACCEPT_WINDOW_MS, 15 * SECOND],
    ['CHECKIN_WINDOW_MS (5 min check-in)', CHECKIN_WINDOW_MS, 5 * MINUTE],
    ['START_WAR_POLL_MS', START_WAR_POLL_MS, 10 * SECOND],
    ['CHECKIN_UPCOMING_MATCH_POLL_MS', CHECKIN_UPCOMING_MATCH_POLL_MS, 10 * SECOND],
    ['LADDER_NEXT_MATCH_POLL_MS', LADDER_NEXT_MATCH_POLL_MS, 60 * SECOND],
    ['ROSTER_RELOAD_POLL_MS', ROSTER_RELOAD_POLL_MS, 2 * SECOND],
    ['OPEN_GAME_DEEP_LINK_DELAY_MS', OPEN_GAME_DEEP_LINK_DELAY_MS, 1 * SECOND],
    ['CLOSE_AFTER_DEEP_LINK_MS', CLOSE_AFTER_DEEP_LINK_MS, 2 * SECOND],
    ['ACCEPTED_BY_BOTH_FETCH_DELAY_MS', ACCEPTED_BY_BOTH_FETCH_DELAY_MS, 2 * SECOND],
    ['DECLINE_CLOSE_DELAY_MS', DECLINE_CLOSE_DELAY_MS, 3 * SECOND],
    ['COUNTRY_COOKIE_MAX_AGE_MS (30 min)', COUNTRY_COOKIE_MAX_AGE_MS, 30 * MINUTE],
    ['HOME_TAB_COOKIE_MAX_AGE_MS (a year)', HOME_TAB_COOKIE_MAX_AGE_MS, 365 * DAY],
    ['LOCALE_COOKIE_MAX_AGE_MS (a year)', LOCALE_COOKIE_MAX_AGE_MS, 365 * DAY],
    ['IDLE_PREFETCH_TIMEOUT_MS', IDLE_PREFETCH_TIMEOUT_MS, 2 * SECOND],
  ])('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});

describe('defaults before the client or the trace endpoint answers (spec 4)', () => {
  it.each<[name: string, actual: string, expected: string]>([
    ['DEFAULT_COUNTRY (unknown country)', DEFAULT_COUNTRY, 'XX'],
    ['STANDALONE_PLATFORM (test player outside the game client)', STANDALONE_PLATFORM, 'local'],
    ['STANDALONE_COUNTRY', STANDALONE_COUNTRY, 'CA'],
    ['DEFAULT_TENANT', DEFAULT_TENANT, 'global'],
  ])('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});

describe('values exchanged with the platform', () => {
  it.each<[name: string, actual: string, expected: string]>([
    ['STARS_PERIOD (score period of a match series)', STARS_PERIOD, 'stars'],
    ['CLAN_TAG_PROVIDER (the clan tag identity provider)', CLAN_TAG_PROVIDER, 'sc_coc_clan_tag'],
    [
      'ROSTER_ALREADY_PLAYED_DETAIL (matched as text in the 400 detail)',
      ROSTER_ALREADY_PLAYED_DETAIL,
      'roster has already played',
    ],
  ])('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});

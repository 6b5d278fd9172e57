/** Business constants and limits of spec section 9 (and the timings named in sections 2–4). */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// --- Teams and town hall levels -------------------------------------------------------------
export const TEAM_SIZE = 5;
export const MIN_TEAM_MEMBERS = TEAM_SIZE;
export const CHAMPIONSHIP_TH_LEVEL = 17;
export const CUP_TH_LEVELS = [9, 12, 15] as const;
/** Offered in the level picker, highest first; the highest is the default. */
export const OFFERED_TH_LEVELS = [17, 15, 12, 9] as const;
export const DEFAULT_OFFERED_TH_LEVEL = OFFERED_TH_LEVELS[0];
/** "No level chosen yet" in selection UIs (spec 9: default selection level 0). */
export const DEFAULT_SELECTION_TH_LEVEL = 0;
/** Lineup changes a roster may make per calendar month (UTC) after its first selection (design note). */
export const ROSTER_CHANGES_LIMIT = 3;

// --- Matches and ladder ---------------------------------------------------------------------
export const MAX_MATCHES_PER_24H = 6;
export const MATCH_LIMIT_WINDOW_MS = DAY_MS;
export const MATCHUP_ACCEPT_WINDOW_MS = 15 * SECOND_MS;
/** Below this the modal would close before a human can react, so the match-up is dropped instead. */
export const MATCHUP_MIN_REMAINING_MS = 2 * SECOND_MS;
export const CHECKIN_WINDOW_MS = 5 * MINUTE_MS;
/** A check-in needs an opponent: more than this many competitors. */
export const CHECKIN_MIN_COMPETITORS_EXCLUSIVE = 1;
/** Ladder placements at or above this are prompted to check their chat-app link (spec 9). */
export const LADDER_CHAT_CHECK_PLACEMENT = 170;
export const CHAMPIONSHIP_LADDER_ADVANCE_TOP = 128;
export const CUP_LADDER_ADVANCE_TOP = 8;

// --- Poll intervals and UI timings ----------------------------------------------------------
export const START_WAR_POLL_MS = 10 * SECOND_MS;
export const CHECKIN_UPCOMING_MATCH_POLL_MS = 10 * SECOND_MS;
export const LADDER_NEXT_MATCH_POLL_MS = 60 * SECOND_MS;
/** The queue screen re-reads the queue entry this often while the team waits or a match-up is pending. */
export const QUEUE_RECHECK_MS = 5 * SECOND_MS;
/** ...and this often while its accepted match is on (the finished notice may have been missed). */
export const QUEUE_ACCEPTED_RECHECK_MS = 30 * SECOND_MS;
/** How long the queue screen tells how the last entry ended (declined, expired). */
export const QUEUE_ENDED_NOTICE_MS = 10 * MINUTE_MS;
export const ROSTER_RELOAD_POLL_MS = 2 * SECOND_MS;
export const OPEN_GAME_DEEP_LINK_DELAY_MS = 1 * SECOND_MS;
export const CLOSE_AFTER_DEEP_LINK_MS = 2 * SECOND_MS;
export const ACCEPTED_BY_BOTH_FETCH_DELAY_MS = 2 * SECOND_MS;
export const DECLINE_CLOSE_DELAY_MS = 3 * SECOND_MS;
export const STEPPER_RESET_MS = 1_500;
export const MODAL_MAX_WIDTH_REM = 32;

// --- Paging ---------------------------------------------------------------------------------
export const UPCOMING_MATCHES_PAGE_SIZE = 20;
/** Polls only need the next match series. */
export const POLL_MATCHES_PAGE_SIZE = 1;
export const DEFAULT_PAGE_SIZE = 25;
export const STANDINGS_PAGE_SIZE = 20;
export const SWISS_RECORDS_PAGE_SIZE = 50;

// --- Session, cookies and page loading ------------------------------------------------------
export const TOKEN_REFRESH_LEAD_MS = 60 * SECOND_MS;
export const COUNTRY_COOKIE_MAX_AGE_MS = 30 * MINUTE_MS;
/** Country code used until the trace endpoint answers. */
export const DEFAULT_COUNTRY = 'XX';
export const HOME_TAB_COOKIE_MAX_AGE_MS = 365 * DAY_MS;
export const LOCALE_COOKIE_MAX_AGE_MS = 365 * DAY_MS;
/** Keeps the loader from flashing on fast responses. */
export const PAGE_DATA_MIN_DELAY_MS = 200;
export const IDLE_PREFETCH_TIMEOUT_MS = 2 * SECOND_MS;
export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5_000;
/** A chunk-load failure reloads the page, but not in a loop when the deploy is really broken. */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = MINUTE_MS;
/** Standalone mode (outside the game client) runs as this test player (spec 4). */
export const STANDALONE_PLATFORM = 'local';
export const STANDALONE_COUNTRY = 'CA';
export const DEFAULT_TENANT = 'global';

// --- World finals ---------------------------------------------------------------------------
export const WORLD_FINALS = {
  teams: 8,
  eliminationType: 'double_elimination',
  matches: 15,
  /** Inclusive match-number ranges per day. */
  matchesByDay: [
    { day: 1, first: 1, last: 6 },
    { day: 2, first: 7, last: 12 },
    { day: 3, first: 13, last: 15 },
  ],
  city: 'Atlanta',
  prizePool: { amount: 700_000, currency: 'USD' },
} as const;

/** Wrapper event of the 2025 world championship finals (spec 3). */
export const WRAPPER_EVENT = {
  start: '2025-10-31T14:00:00Z',
  end: '2025-11-02T23:59:59Z',
  dayStarts: ['2025-10-31T14:00:00Z', '2025-11-01T14:00:00Z', '2025-11-02T15:00:00Z'],
} as const;

/** Day-two attack order (rule 3.2.3): minutes left on the war clock when each side attacks. */
export const DAY_TWO_ATTACK_ORDER_MINUTES = {
  home: [37, 29, 21, 13, 5],
  away: [33, 25, 17, 9, 1],
} as const;

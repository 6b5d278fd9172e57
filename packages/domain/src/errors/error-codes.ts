/** Numbered error pages `/error/{n}` of spec 8. */
export const ERROR_PAGE_CODES = [
  6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,
  34, 35, 36, 37,
] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];

/** Which chat app an error text sends the player to, by region (9, 10, 21 and 22). */
export type ChatAppVariant = 'communityChat' | 'chineseMessaging';

export interface ErrorCodeEntry {
  code: ErrorPageCode;
  /** Stable i18n key of the message. */
  key: `errors.code.${ErrorPageCode}`;
  slug: string;
  /** The spec's English text where it gives one; 23–37 have keys only. */
  english: string | null;
  chatApp: ChatAppVariant | null;
}

type Row = [code: ErrorPageCode, slug: string, english: string | null, chatApp?: ChatAppVariant];

const CHECK_IN_FAILED_TEXT =
  'Tournament Check-In failed, try again, else contact the administration on the chat app';
const WAR_FAILED_TEXT = 'War failed to start due to an unknown game error, contact support';
const CLAN_IN_WAR_TEXT = 'Your team is in an active Clan War or Friendly War; cannot check in';
const MISSING_MEMBERS_TEXT = 'Missing one or more team members before tournament check-in';
const OPPONENT_IN_WAR_TEXT = 'The opponent is in an active war';
const WAR_LOG_TEXT = 'Public War Log must be enabled';

/*
 * Pairs (9/10, 12/13, 15/16, 21/22) are one message in two variants. 9 names the community chat
 * app and 10 the Chinese messaging app, in the order the spec lists them; 21 is the China variant
 * and 22 the other (checkInFailureRoute). That variant is only the fallback: the error page names
 * the app of the session's region once it is known (web chat-region.ts). For 29, 30, 33 and 34 the
 * spec gives the meanings in order but not the numbers; pairing them with the free numbers in that
 * order is our reading.
 */
const ROWS: Row[] = [
  [6, 'rosterFull', 'Roster full or max additions used'],
  [
    7,
    'thLevelMismatch',
    'One or more selected players have different Town Hall levels; select again and retry',
  ],
  [8, 'missedMatchCheckIn', 'Your team missed the Match Check-In window'],
  [9, 'tournamentCheckInFailed', CHECK_IN_FAILED_TEXT, 'communityChat'],
  [10, 'tournamentCheckInFailed', CHECK_IN_FAILED_TEXT, 'chineseMessaging'],
  [11, 'memberMissingFromClan', 'A team member is missing from your clan; ensure all 5 are in the clan'],
  [12, 'warFailedToStart', WAR_FAILED_TEXT],
  [13, 'warFailedToStart', WAR_FAILED_TEXT],
  [14, 'clanInWar', CLAN_IN_WAR_TEXT],
  [15, 'missingMembersBeforeCheckIn', MISSING_MEMBERS_TEXT],
  [16, 'missingMembersBeforeCheckIn', MISSING_MEMBERS_TEXT],
  [
    17,
    'captainNotLeader',
    'You are the team Captain but not a co-leader or leader; ask the leader to promote you or pick a new captain',
  ],
  [18, 'clanInWar', CLAN_IN_WAR_TEXT],
  [19, 'opponentInWar', OPPONENT_IN_WAR_TEXT],
  [20, 'opponentInWar', OPPONENT_IN_WAR_TEXT],
  [21, 'publicWarLogRequired', WAR_LOG_TEXT, 'chineseMessaging'],
  [22, 'publicWarLogRequired', WAR_LOG_TEXT, 'communityChat'],
  [23, 'cannotQueueWar', null],
  [24, 'incorrectSetup', null],
  [25, 'upcomingMatch', null],
  [26, 'matchLimit', null],
  [27, 'clanThMismatch', null],
  [28, 'clanMaxMatches', null],
  [29, 'bannedCountry', null],
  [30, 'rosterMissingMember', null],
  [31, 'bannedPlayer', null],
  [32, 'invalidClanLevel', null],
  [33, 'segmentRegistrationNotOpen', null],
  [34, 'eventNotActive', null],
  [35, 'rosterChangesLimit', null],
  [36, 'wrongMember', null],
  [37, 'insufficientRole', null],
];

export const ERROR_CODES: Readonly<Record<ErrorPageCode, ErrorCodeEntry>> = Object.fromEntries(
  ROWS.map(([code, slug, english, chatApp]) => [
    code,
    { code, key: `errors.code.${code}`, slug, english, chatApp: chatApp ?? null },
  ]),
) as Record<ErrorPageCode, ErrorCodeEntry>;

export function isErrorPageCode(value: unknown): value is ErrorPageCode {
  return typeof value === 'number' && (ERROR_PAGE_CODES as readonly number[]).includes(value);
}

export type ErrorRoute = '/error' | `/error/${ErrorPageCode}`;

export const GENERIC_ERROR_ROUTE = '/error' satisfies ErrorRoute;

export function errorPageRoute(code: ErrorPageCode): ErrorRoute {
  return `/error/${code}`;
}

/** `/fatal-error/{message}`, `unknown` when there is no message. */
export function fatalErrorRoute(message?: string | null): string {
  return `/fatal-error/${encodeURIComponent(message?.trim() || 'unknown')}`;
}

export const CRITICAL_ERROR_MESSAGE = 'A critical error has occurred. Please restart the application.';
export const PAGE_NOT_FOUND_MESSAGE = 'This page could not be found';
export const MATCH_LIMIT_TITLE = 'Match Limited Reached';
export const MATCH_LIMIT_MESSAGE = 'You have already played 6 matches in the last 24 hours. Try again later.';

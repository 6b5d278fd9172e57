import { describe, expect, it } from 'vitest';
import {
  CRITICAL_ERROR_MESSAGE,
  ERROR_CODES,
  fatalErrorRoute,
  MATCH_LIMIT_MESSAGE,
  MATCH_LIMIT_TITLE,
  PAGE_NOT_FOUND_MESSAGE,
} from './error-codes.js';

const CHECK_IN_FAILED =
  'Tournament Check-In failed, try again, else contact the administration on the chat app';
const WAR_FAILED = 'War failed to start due to an unknown game error, contact support';
const CLAN_IN_WAR = 'Your team is in an active Clan War or Friendly War; cannot check in';
const MISSING_MEMBERS = 'Missing one or more team members before tournament check-in';
const OPPONENT_IN_WAR = 'The opponent is in an active war';
const WAR_LOG = 'Public War Log must be enabled';

describe('ERROR_CODES: the spec 8 texts of 6–22', () => {
  it.each([
    [6, 'rosterFull', 'Roster full or max additions used'],
    [
      7,
      'thLevelMismatch',
      'One or more selected players have different Town Hall levels; select again and retry',
    ],
    [8, 'missedMatchCheckIn', 'Your team missed the Match Check-In window'],
    [9, 'tournamentCheckInFailed', CHECK_IN_FAILED],
    [10, 'tournamentCheckInFailed', CHECK_IN_FAILED],
    [11, 'memberMissingFromClan', 'A team member is missing from your clan; ensure all 5 are in the clan'],
    [12, 'warFailedToStart', WAR_FAILED],
    [13, 'warFailedToStart', WAR_FAILED],
    [14, 'clanInWar', CLAN_IN_WAR],
    [15, 'missingMembersBeforeCheckIn', MISSING_MEMBERS],
    [16, 'missingMembersBeforeCheckIn', MISSING_MEMBERS],
    [
      17,
      'captainNotLeader',
      'You are the team Captain but not a co-leader or leader; ask the leader to promote you or pick a new captain',
    ],
    [18, 'clanInWar', CLAN_IN_WAR],
    [19, 'opponentInWar', OPPONENT_IN_WAR],
    [20, 'opponentInWar', OPPONENT_IN_WAR],
    [21, 'publicWarLogRequired', WAR_LOG],
    [22, 'publicWarLogRequired', WAR_LOG],
  ] as const)('%i → %s: %s', (code, slug, english) => {
    expect(ERROR_CODES[code]).toMatchObject({ slug, english });
  });

  it('the page texts', () => {
    expect(CRITICAL_ERROR_MESSAGE).toBe('A critical error has occurred. Please restart the application.');
    expect(PAGE_NOT_FOUND_MESSAGE).toBe('This page could not be found');
    expect(MATCH_LIMIT_TITLE).toBe('Match Limited Reached');
    expect(MATCH_LIMIT_MESSAGE).toBe(
      'You have already played 6 matches in the last 24 hours. Try again later.',
    );
  });
});

describe('fatalErrorRoute: blank and padded messages', () => {
  it.each([
    ['   ', '/fatal-error/unknown'],
    [' boom ', '/fatal-error/boom'],
    [null, '/fatal-error/unknown'],
  ])('%j → %s', (message, expected) => expect(fatalErrorRoute(message)).toBe(expected));
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../errors/error-catalogue.js';
import {
  checkInErrorPage,
  deadlineOutcome,
  isMonthlyQualifier,
  MATCH_CHECK_IN_ERROR,
  type MatchCheckInInput,
  matchCheckInDecision,
  playerSelectionRefusal,
  SEGMENT_CHECK_IN_ERROR,
  type StageSegmentCheckInContext,
  stageSegmentCheckInRefusal,
} from './checkin-rules.js';

const START = Date.parse('2026-03-15T12:00:00Z');
const MIN = 60_000;
const series = (over: Partial<MatchCheckInInput> = {}): MatchCheckInInput => ({
  state: 'scheduled',
  date: new Date(START).toISOString(),
  competitors: 2,
  checkedIn: false,
  ...over,
});

describe('matchCheckInDecision', () => {
  it.each<[string, Partial<MatchCheckInInput>, number, string]>([
    ['exactly 5 minutes before', {}, -5 * MIN, 'checkIn'],
    ['1 ms earlier than the window', {}, -5 * MIN - 1, 'refused:notOpenYet'],
    ['an hour early', {}, -60 * MIN, 'refused:notOpenYet'],
    ['exactly at the match time', {}, 0, 'checkIn'],
    ['1 ms after the match time', {}, 1, 'refused:passedMatchTime'],
    ['after the match time, already checked in', { checkedIn: true }, 1, 'refused:passedMatchTime'],
    ['already checked in inside the window', { checkedIn: true }, -MIN, 'alreadyCheckedIn'],
    ['already checked in, early', { checkedIn: true }, -60 * MIN, 'alreadyCheckedIn'],
    ['one competitor', { competitors: 1 }, -MIN, 'refused:noOpponent'],
    ['no competitor', { competitors: 0 }, -MIN, 'refused:noOpponent'],
    ['finished before its date', { state: 'finished' }, -MIN, 'refused:passedMatchTime'],
    ['upcoming (ladder) series', { state: 'upcoming' }, -MIN, 'checkIn'],
    ['new series', { state: 'new' }, -MIN, 'checkIn'],
  ])('%s → %s', (_, over, offset, expected) => {
    const decision = matchCheckInDecision(series(over), START + offset);
    expect(decision.kind === 'refused' ? `refused:${decision.reason}` : decision.kind).toBe(expected);
  });

  it('never lets a check-in through after the match time, whatever the rest (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('new', 'live', 'scheduled', 'upcoming', 'finished'),
        (after, checkedIn, competitors, state) => {
          const decision = matchCheckInDecision(series({ checkedIn, competitors, state }), START + after);
          expect(decision).toEqual({ kind: 'refused', reason: 'passedMatchTime' });
        },
      ),
    );
  });

  it('every refusal has a catalogue code', () => {
    for (const code of Object.values(MATCH_CHECK_IN_ERROR)) expect(ERROR_CATALOGUE).toHaveProperty(code);
    for (const code of Object.values(SEGMENT_CHECK_IN_ERROR)) expect(ERROR_CATALOGUE).toHaveProperty(code);
    expect(new Set(Object.values(SEGMENT_CHECK_IN_ERROR)).size).toBe(5);
  });
});

describe('deadlineOutcome', () => {
  it.each([
    [true, true, { kind: 'live' }],
    [true, false, { kind: 'forfeit', forfeit: 'away', missed: ['away'] }],
    [false, true, { kind: 'forfeit', forfeit: 'home', missed: ['home'] }],
    [false, false, { kind: 'forfeit', forfeit: 'both', missed: ['home', 'away'] }],
  ])('home %s, away %s', (home, away, expected) => {
    expect(deadlineOutcome({ home, away })).toEqual(expected);
  });
});

describe('playerSelectionRefusal', () => {
  const members = [
    { tag: '#A', townHallLevel: 17 },
    { tag: '#B', townHallLevel: 17 },
    { tag: '#C', townHallLevel: 17 },
    { tag: '#D', townHallLevel: 17 },
    { tag: '#E', townHallLevel: 17 },
    { tag: '#F', townHallLevel: 17 },
    { tag: '#LOW', townHallLevel: 16 },
  ];
  it.each<[string, string[], string | null]>([
    ['five on the level', ['#A', '#B', '#C', '#D', '#E'], null],
    ['another five', ['#B', '#C', '#D', '#E', '#F'], null],
    ['four', ['#A', '#B', '#C', '#D'], 'CHECK_IN_MEMBERS_MISSING'],
    ['none', [], 'CHECK_IN_MEMBERS_MISSING'],
    ['a repeated tag', ['#A', '#A', '#C', '#D', '#E'], 'CHECK_IN_MEMBERS_MISSING'],
    ['six', ['#A', '#B', '#C', '#D', '#E', '#F'], 'CHECK_IN_MEMBERS_MISSING'],
    ['a stranger', ['#A', '#B', '#C', '#D', '#X'], 'WRONG_MEMBER'],
    ['another town hall', ['#A', '#B', '#C', '#D', '#LOW'], 'TH_LEVELS_MISMATCH'],
  ])('%s → %s', (_, tags, expected) => {
    expect(playerSelectionRefusal(tags, members, 17)?.code ?? null).toBe(expected);
  });
});

describe('checkInErrorPage', () => {
  it.each<[string, { isChinaRegion?: boolean; altMode?: boolean }, number | null]>([
    ['MATCH_TIME_PASSED', {}, 8],
    ['CHECK_IN_DATA_MISSING', {}, 9],
    ['CHECK_IN_DATA_MISSING', { isChinaRegion: true }, 10],
    ['ROSTER_ALREADY_CHECKED_IN', {}, 9],
    ['ROSTER_NOT_IN_SEGMENT', {}, 9],
    ['NOT_ROSTER_OWNER', {}, 9],
    ['CHECK_IN_WINDOW_CLOSED', { isChinaRegion: true }, 10],
    ['MATCH_CHECK_IN_NOT_OPEN', {}, 9],
    ['CHECK_IN_MEMBERS_MISSING', {}, 15],
    ['CHECK_IN_MEMBERS_MISSING', { isChinaRegion: true }, 16],
    ['CLAN_IS_IN_WAR', {}, 18],
    ['CLAN_IS_IN_WAR', { altMode: true }, 14],
    ['OPPONENT_IS_IN_WAR', {}, 19],
    ['OPPONENT_IS_IN_WAR', { altMode: true }, 20],
    ['WAR_LOG_PRIVATE', {}, 22],
    ['TH_LEVELS_MISMATCH', {}, 27],
    ['WRONG_MEMBER', {}, 36],
    ['INTERNAL_ERROR', {}, null],
  ])('%s %o → %s', (code, options, expected) => {
    expect(checkInErrorPage(code, options)).toBe(expected);
  });
});

describe('isMonthlyQualifier', () => {
  it.each([
    [{ phase: 'MONTHLY_QUALIFIERS' }, true],
    [{ phase: null }, false],
    [{}, false],
    [null, false],
  ])('%o → %s', (configuration, expected) => {
    expect(isMonthlyQualifier(configuration)).toBe(expected);
  });
});

describe('stageSegmentCheckInRefusal', () => {
  const window = { from: '2026-03-14T00:00:00Z', to: '2026-03-16T00:00:00Z' };
  const base: StageSegmentCheckInContext = {
    roster: { ownerId: 'u1', checkedIn: false, segmentId: 'champ' },
    segment: { id: 'mq', parentId: 'champ', checkinsConfig: { enabled: true, openWindow: window } },
    userId: 'u1',
  };
  const INSIDE = '2026-03-15T12:00:00Z';
  it.each<[string, Partial<StageSegmentCheckInContext>, string, string | null]>([
    ['all fine', {}, INSIDE, null],
    [
      'the roster segment itself',
      { segment: { ...base.segment!, id: 'champ', parentId: null } },
      INSIDE,
      null,
    ],
    ['no roster', { roster: null }, INSIDE, 'missingData'],
    ['no segment', { segment: null }, INSIDE, 'missingData'],
    ['no user', { userId: null }, INSIDE, 'missingData'],
    ['already checked in', { roster: { ...base.roster!, checkedIn: true } }, INSIDE, 'alreadyCheckedIn'],
    [
      'already checked in and not owner',
      { roster: { ...base.roster!, checkedIn: true }, userId: 'u2' },
      INSIDE,
      'alreadyCheckedIn',
    ],
    ['another stage', { segment: { ...base.segment!, parentId: 'other' } }, INSIDE, 'notActiveSegment'],
    ['not the owner', { userId: 'u2' }, INSIDE, 'notOwner'],
    ['at the window opening', {}, window.from, null],
    ['at the window closing', {}, window.to, null],
    ['1 ms before the window', {}, '2026-03-13T23:59:59.999Z', 'outsideWindow'],
    ['1 ms after the window', {}, '2026-03-16T00:00:00.001Z', 'outsideWindow'],
    [
      'check-ins disabled',
      { segment: { ...base.segment!, checkinsConfig: { enabled: false, openWindow: null } } },
      '2030-01-01T00:00:00Z',
      null,
    ],
    [
      'enabled without a window',
      { segment: { ...base.segment!, checkinsConfig: { enabled: true, openWindow: null } } },
      INSIDE,
      'outsideWindow',
    ],
  ])('%s → %s', (_, over, now, expected) => {
    expect(stageSegmentCheckInRefusal({ ...base, ...over }, now)).toBe(expected);
  });
});

import type { SegmentResource } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { MatchSeriesValue } from '../matches/match-series-api';
import {
  missedCheckIns,
  promptMode,
  segmentCheckInErrorRoute,
  showTournamentCheckIn,
  tournamentCheckInSegment,
} from './checkin-rules';

const attributes = (patch: Partial<SegmentResource['attributes']>) =>
  ({
    stageCode: 'CF',
    eliminationType: 'double_elimination',
    configuration: { thLevel: 17, phase: null },
    segmentCheckinsConfig: { enabled: false, openWindow: null },
    date: { from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z' },
    ...patch,
  }) as SegmentResource['attributes'];
const segment = (id: string, patch: Partial<SegmentResource['attributes']>) =>
  ({ id, type: 'segments', attributes: attributes(patch) }) as SegmentResource;

const NOW = Date.parse('2026-03-01T12:00:00Z');
const open = { enabled: true, openWindow: { from: '2026-02-28T00:00:00Z', to: '2026-03-02T00:00:00Z' } };

describe('prompt mode (spec 2)', () => {
  it('a monthly qualifier lists the roster, a monthly final asks only for START WAR, others select five', () => {
    expect(promptMode(attributes({ stageCode: 'MQ', eliminationType: 'swiss' }))).toBe('qualifier');
    expect(promptMode(attributes({ configuration: { thLevel: 17, phase: 'MONTHLY_QUALIFIERS' } }))).toBe(
      'qualifier',
    );
    expect(promptMode(attributes({ stageCode: 'MF' }))).toBe('final');
    expect(promptMode(attributes({ stageCode: 'CF' }))).toBe('selectFive');
    expect(promptMode(attributes({ stageCode: 'LCQ', eliminationType: 'swiss' }))).toBe('selectFive');
    expect(promptMode(null)).toBe('selectFive');
  });
});

describe('Tournament Check In segment and button', () => {
  it('is the earliest non-ladder stage whose enabled window contains now', () => {
    const children = [
      segment('ladder', { eliminationType: 'ladder', segmentCheckinsConfig: open }),
      segment('closed', { segmentCheckinsConfig: { enabled: false, openWindow: open.openWindow } }),
      segment('later', {
        segmentCheckinsConfig: open,
        date: { from: '2026-04-01T00:00:00Z', to: '2026-04-02T00:00:00Z' },
      }),
      segment('mq', { stageCode: 'MQ', segmentCheckinsConfig: open }),
      segment('past', {
        segmentCheckinsConfig: {
          enabled: true,
          openWindow: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
        },
      }),
      segment('noWindow', { segmentCheckinsConfig: { enabled: true, openWindow: null } }),
    ];
    expect(tournamentCheckInSegment(children, NOW)?.id).toBe('mq');
    expect(tournamentCheckInSegment(children.slice(0, 2), NOW)).toBeNull();
  });

  it('shows only for the captain of a locked roster that is known not to be checked in', () => {
    const base = { isCaptain: true, rosterLocked: true, checkedIn: false, segment: { id: 'mq' } };
    expect(showTournamentCheckIn(base)).toBe(true);
    expect(showTournamentCheckIn({ ...base, isCaptain: false })).toBe(false);
    expect(showTournamentCheckIn({ ...base, rosterLocked: false })).toBe(false);
    expect(showTournamentCheckIn({ ...base, checkedIn: true })).toBe(false);
    expect(showTournamentCheckIn({ ...base, checkedIn: null })).toBe(false);
    expect(showTournamentCheckIn({ ...base, segment: null })).toBe(false);
  });
});

describe('missed check-ins from a finished series (FFL / FFW)', () => {
  const competitor = (rosterId: string, forfeit: boolean, placement: number | null) => ({
    id: `c-${rosterId}`,
    side: 'home' as const,
    roster: { id: rosterId, name: null, displayName: rosterId, ownerId: null },
    displayName: rosterId,
    placement,
    result: { score: null, forfeit },
  });
  const finished = (home: boolean, away: boolean, state = 'finished') =>
    ({
      id: 'm',
      state,
      competitors: [competitor('r1', home, home ? 2 : 1), competitor('r2', away, away ? 2 : 1)],
    }) as unknown as MatchSeriesValue;

  it.each([
    [false, false, []],
    [true, false, ['own']],
    [false, true, ['opponent']],
    [true, true, ['own', 'opponent']],
  ] as const)('own forfeit %s, opponent forfeit %s → %j', (home, away, expected) => {
    expect(missedCheckIns(finished(home, away), 'r1')).toEqual(expected);
  });

  it('says nothing before the series is finished or for a series of other teams', () => {
    expect(missedCheckIns(finished(true, false, 'live'), 'r1')).toEqual([]);
    expect(missedCheckIns(finished(true, false), 'r9')).toEqual([]);
  });
});

describe('segment check-in refusals (spec 8: logged, derived route)', () => {
  const refusal = (status: number, code: string) =>
    new ApiError(
      status,
      'POST',
      '/api/clan/1.0/clan/roster/segment-check-in',
      [{ status: String(status), title: 't', code }],
      null,
    );
  it.each([
    ['ROSTER_ALREADY_CHECKED_IN', 409, false, '/error/9'],
    ['CHECK_IN_WINDOW_CLOSED', 409, true, '/error/10'],
    ['CHECK_IN_MEMBERS_MISSING', 400, false, '/error/15'],
    ['CHECK_IN_MEMBERS_MISSING', 400, true, '/error/16'],
    ['TH_LEVELS_MISMATCH', 400, false, '/error/27'],
    ['INSUFFICIENT_ROLE', 401, false, '/error/37'],
    ['SOMETHING_NEW', 500, false, '/error/9'],
    ['SOMETHING_NEW', 500, true, '/error/10'],
  ] as const)('%s (%i, China %s) → %s', (code, status, isChinese, route) => {
    expect(segmentCheckInErrorRoute(refusal(status, code), isChinese)).toBe(route);
  });
});

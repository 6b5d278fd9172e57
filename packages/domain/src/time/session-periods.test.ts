import { describe, expect, it } from 'vitest';
import { WRAPPER_EVENT } from '../constants.js';
import { finalsBlock, type PeriodSchedule, sessionPeriods } from './session-periods.js';

/** The wrapper event of spec 3: day 1 31 Oct 14:00Z, day 2 1 Nov 14:00Z, day 3 2 Nov 15:00Z. */
const FINALS: PeriodSchedule = {
  registration: { from: '2025-10-01T00:00:00Z', to: '2025-10-25T00:00:00Z' },
  checkIn: { from: '2025-10-31T13:00:00Z', to: '2025-10-31T14:00:00Z' },
  play: { from: WRAPPER_EVENT.start, to: WRAPPER_EVENT.end },
  dayStarts: WRAPPER_EVENT.dayStarts,
};

describe('session period flags (spec 3)', () => {
  it.each`
    when                          | now                       | registrationClosed | checkIn  | play     | beforePlay | afterDayOne | beforeDayTwo | block
    ${'registration open'}        | ${'2025-10-10T12:00:00Z'} | ${false}           | ${false} | ${false} | ${true}    | ${false}    | ${true}      | ${'upcoming'}
    ${'registration just closed'} | ${'2025-10-25T00:00:00Z'} | ${true}            | ${false} | ${false} | ${true}    | ${false}    | ${true}      | ${'upcoming'}
    ${'check-in hour'}            | ${'2025-10-31T13:30:00Z'} | ${true}            | ${true}  | ${false} | ${true}    | ${false}    | ${true}      | ${'upcoming'}
    ${'day 1 starts'}             | ${'2025-10-31T14:00:00Z'} | ${true}            | ${false} | ${true}  | ${false}   | ${false}    | ${true}      | ${'dayOne'}
    ${'day 1 evening'}            | ${'2025-10-31T22:00:00Z'} | ${true}            | ${false} | ${true}  | ${false}   | ${false}    | ${true}      | ${'dayOne'}
    ${'day 2 starts'}             | ${'2025-11-01T14:00:00Z'} | ${true}            | ${false} | ${true}  | ${false}   | ${true}     | ${false}     | ${'later'}
    ${'day 3'}                    | ${'2025-11-02T16:00:00Z'} | ${true}            | ${false} | ${true}  | ${false}   | ${true}     | ${false}     | ${'later'}
    ${'after the end'}            | ${'2025-11-03T00:00:00Z'} | ${true}            | ${false} | ${false} | ${false}   | ${true}     | ${false}     | ${'over'}
  `('$when', ({ when: _when, now, block, ...flags }) => {
    const periods = sessionPeriods(FINALS, now);
    expect(periods).toEqual(flags);
    expect(finalsBlock(periods)).toBe(block);
  });

  it('between the days once day one ended: after day one and before day two', () => {
    const schedule = { ...FINALS, dayOneEnd: '2025-10-31T19:00:00Z' };
    const periods = sessionPeriods(schedule, '2025-10-31T20:00:00Z');
    expect(periods).toMatchObject({ play: true, afterDayOne: true, beforeDayTwo: true });
    expect(finalsBlock(periods)).toBe('betweenDays');
    // Before its end, day one is still on.
    expect(finalsBlock(sessionPeriods(schedule, '2025-10-31T18:59:59Z'))).toBe('dayOne');
    // A day-one end later than day two's start counts as day two's start.
    const late = sessionPeriods({ ...FINALS, dayOneEnd: '2025-11-01T20:00:00Z' }, '2025-11-01T15:00:00Z');
    expect(late).toMatchObject({ afterDayOne: true, beforeDayTwo: false });
  });

  it('a stage without days, check-in or registration keeps those flags off', () => {
    const ladder: PeriodSchedule = {
      registration: null,
      checkIn: null,
      play: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      dayStarts: [],
    };
    expect(sessionPeriods(ladder, '2026-01-15T00:00:00Z')).toEqual({
      registrationClosed: false,
      checkIn: false,
      play: true,
      beforePlay: false,
      afterDayOne: false,
      beforeDayTwo: false,
    });
    const nothing = { ...ladder, play: null };
    expect(sessionPeriods(nothing, '2026-01-15T00:00:00Z')).toMatchObject({ play: false, beforePlay: false });
  });

  it('windows include their start and exclude their end', () => {
    expect(sessionPeriods(FINALS, '2025-10-31T13:00:00Z').checkIn).toBe(true);
    expect(sessionPeriods(FINALS, '2025-10-31T14:00:00Z').checkIn).toBe(false);
    expect(sessionPeriods(FINALS, '2025-11-02T23:59:59Z').play).toBe(false);
  });
});

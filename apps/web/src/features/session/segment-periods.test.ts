import type { SegmentResource } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { segmentPeriods } from './segment-periods';

const segment = (checkins: SegmentResource['attributes']['segmentCheckinsConfig']) =>
  ({
    id: 's1',
    type: 'segments',
    attributes: {
      segmentCheckinsConfig: checkins,
      date: { from: '2026-03-10T00:00:00Z', to: '2026-03-20T00:00:00Z' },
    },
  }) as unknown as SegmentResource;

describe('the session period flags of the team segment', () => {
  const window = { from: '2026-03-09T12:00:00Z', to: '2026-03-10T00:00:00Z' };

  it('check-in while the enabled window is open, before play until the segment starts', () => {
    expect(
      segmentPeriods(segment({ enabled: true, openWindow: window }), new Date('2026-03-09T18:00:00Z')),
    ).toEqual({
      checkIn: true,
      play: false,
      beforePlay: true,
      afterDayOne: false,
      beforeDayTwo: false,
    });
  });

  it('play inside the segment dates; a disabled check-in is never open', () => {
    const flags = segmentPeriods(
      segment({ enabled: false, openWindow: window }),
      new Date('2026-03-09T18:00:00Z'),
    );
    expect(flags?.checkIn).toBe(false);
    expect(
      segmentPeriods(segment({ enabled: true, openWindow: window }), new Date('2026-03-12T00:00:00Z')),
    ).toMatchObject({
      checkIn: false,
      play: true,
      beforePlay: false,
    });
  });

  it('no segment: no flags to set', () => {
    expect(segmentPeriods(undefined, new Date())).toBeNull();
  });
});

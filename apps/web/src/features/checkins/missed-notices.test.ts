import type { SegmentResource } from '@cwh/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { getCheckIns, resetCheckIns } from './checkin-store';
import { onMissedNotice, onSeriesFinished, seriesSegment } from './use-checkin-controller';

const competitor = (rosterId: string, forfeit: boolean) => ({
  id: `c-${rosterId}`,
  roster: { id: rosterId },
  placement: forfeit ? 2 : 1,
  result: { score: null, forfeit },
});
const finished = (segmentId: string, homeForfeit: boolean, awayForfeit: boolean) =>
  ({
    id: 'ms1',
    state: 'finished',
    segment: { id: segmentId },
    competitors: [competitor('r1', homeForfeit), competitor('r2', awayForfeit)],
  }) as unknown as MatchSeriesValue;
const segments = [
  {
    id: 'ol',
    attributes: {
      name: 'Open Qualifier',
      eliminationType: 'ladder',
      stageCode: 'OL',
      configuration: { phase: null },
    },
  },
  {
    id: 'mq',
    attributes: {
      name: 'Monthly Qualifier',
      eliminationType: 'swiss',
      stageCode: 'MQ',
      configuration: { phase: 'MONTHLY_QUALIFIERS' },
    },
  },
] as unknown as SegmentResource[];

describe('missed check-in notices', () => {
  beforeEach(() => resetCheckIns());

  it('matches:check_in_missed: own → own team missed; not own → the opponent missed; a double forfeit → both', async () => {
    await onMissedNotice(
      { matchSeries: { id: 'a' }, roster: { id: 'r1' }, own: true, forfeit: 'home' },
      'r1',
    );
    await onMissedNotice(
      { matchSeries: { id: 'b' }, roster: { id: 'r2' }, own: false, forfeit: 'away' },
      'r1',
    );
    await onMissedNotice(
      { matchSeries: { id: 'c' }, roster: { id: 'r1' }, own: true, forfeit: 'both' },
      'r1',
    );
    expect(getCheckIns().notices).toEqual([
      { seriesId: 'a', by: 'own' },
      { seriesId: 'b', by: 'opponent' },
      { seriesId: 'c', by: 'own' },
      { seriesId: 'c', by: 'opponent' },
    ]);
  });

  it('a notice without `own` is read off the finished series; one without a series is ignored', async () => {
    const fetchSeries = vi.fn(async () => finished('mq', false, true));
    await onMissedNotice({ matchSeries: { id: 'ms1' } }, 'r1', fetchSeries);
    await onMissedNotice({ nothing: true }, 'r1', fetchSeries);
    await onMissedNotice(null, 'r1', fetchSeries);
    expect(fetchSeries).toHaveBeenCalledTimes(1);
    expect(getCheckIns().notices).toEqual([{ seriesId: 'ms1', by: 'opponent' }]);
  });

  it('a finished stage series with FFL shows the own notice; a ladder series shows none', async () => {
    await onSeriesFinished('ms1', 'r1', segments, async () => finished('ol', true, false));
    expect(getCheckIns().notices).toEqual([]);
    await onSeriesFinished('ms1', 'r1', segments, async () => finished('mq', true, false));
    expect(getCheckIns().notices).toEqual([{ seriesId: 'ms1', by: 'own' }]);
  });

  it('the stage segment of a series: its mode for the prompt; none for ladder or unknown segments', () => {
    expect(seriesSegment(segments, finished('mq', false, false))).toEqual({
      id: 'mq',
      name: 'Monthly Qualifier',
      mode: 'qualifier',
    });
    expect(seriesSegment(segments, finished('ol', false, false))).toBeNull();
    expect(seriesSegment(segments, finished('zz', false, false))).toBeNull();
  });
});

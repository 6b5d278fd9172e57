import { describe, expect, it } from 'vitest';
import {
  type ActiveSegmentHints,
  isTestSegment,
  selectActiveChildSegment,
  selectActiveSegment,
} from './active-segment.js';

function segment(id: string, name: string, thLevel: number, childIds: string[] = [], month = 10) {
  const mm = String(month).padStart(2, '0');
  return {
    id,
    name,
    childIds,
    configuration: { thLevel, phase: null },
    date: { from: `2025-${mm}-01T00:00:00Z`, to: `2025-${mm}-28T00:00:00Z` },
  };
}

const segments = [
  segment('test17', 'Championship [TEST]', 17, ['c0']),
  segment('cup9', 'Town Hall Cup 9', 9),
  segment('champ', 'Championship', 17, ['c1', 'c2']),
  segment('cup12', 'Town Hall Cup 12', 12, ['c3']),
  segment('cup15-sep', 'Town Hall Cup 15 Sep', 15, [], 9),
  segment('cup15-nov', 'Town Hall Cup 15 Nov', 15, [], 11),
];
const NOW = '2025-10-15T00:00:00Z';

describe('selectActiveSegment', () => {
  it.each<[string, ActiveSegmentHints, string | undefined]>([
    ['latest roster parent wins', { latestRosterSegmentParentId: 'cup9', thLevel: 17 }, 'cup9'],
    ['even a test segment when it is the roster parent', { latestRosterSegmentParentId: 'test17' }, 'test17'],
    ['unknown parent → TH level', { latestRosterSegmentParentId: 'gone', thLevel: 12 }, 'cup12'],
    ['TH level skips test segments', { thLevel: 17 }, 'champ'],
    ['TH level without children is fine', { thLevel: 9 }, 'cup9'],
    ['several of one level → next upcoming', { thLevel: 15 }, 'cup15-nov'],
    ['unknown level → first non-test with children', { thLevel: 11 }, 'champ'],
    ['no hints → first non-test with children', {}, 'champ'],
  ])('%s', (_, hints, expected) => {
    expect(selectActiveSegment(segments, hints, NOW)?.id).toBe(expected);
  });

  it('nothing playable → undefined', () => {
    expect(selectActiveSegment([segments[0]!, segments[1]!], {}, NOW)).toBeUndefined();
  });
});

describe('isTestSegment', () => {
  it.each([
    ['Championship [TEST]', true],
    ['[TEST] cup', true],
    ['Championship', false],
    ['Test cup', false],
  ])('%s → %s', (name, expected) => expect(isTestSegment({ name })).toBe(expected));
});

describe('selectActiveChildSegment', () => {
  const children = [
    segment('ol', 'OL', 17, [], 9),
    segment('mq', 'MQ', 17, [], 10),
    segment('mf', 'MF', 17, [], 11),
  ];
  it.each([
    ['2025-10-15T00:00:00Z', 'mq'],
    ['2025-10-30T00:00:00Z', 'mf'],
    ['2025-01-01T00:00:00Z', 'ol'],
    ['2026-01-01T00:00:00Z', 'mf'],
  ])('%s → %s', (now, expected) => expect(selectActiveChildSegment(children, now)?.id).toBe(expected));
});

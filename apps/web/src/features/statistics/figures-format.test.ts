import type { WarSummary } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { figureRows, formatRate, outcomeFor, recordText } from './figures-format';

const side = (rosterId: string) => ({
  rosterId,
  displayName: rosterId,
  stars: 0,
  destruction: null,
  forfeit: false,
});
const war = (winner: WarSummary['winner']): WarSummary => ({
  matchSeriesId: 'm',
  segmentId: 's',
  finishedAt: '2026-12-07T04:00:00.000Z',
  home: side('a'),
  away: side('b'),
  winner,
});

describe('statistics figures on the page', () => {
  it('writes rates as percentages in the page language, and a dash before the first attack', () => {
    expect(formatRate(0.5, 'en')).toBe('50%');
    expect(formatRate(0.5, 'fr')).toMatch(/^50\s%$/);
    expect(formatRate(null, 'de')).toBe('–');
  });

  it('writes the record as the standings do', () => {
    expect(recordText({ wins: 3, losses: 1, draws: 0 })).toBe('3-1');
    expect(recordText({ wins: 3, losses: 1, draws: 2 })).toBe('3-1-2');
  });

  it('lists the five figures of a player in order', () => {
    const rows = figureRows(
      {
        wars: 2,
        attacks: 2,
        stars: 5,
        threeStars: 1,
        starsPerAttack: 2.5,
        averageDestruction: 87.63,
        threeStarRate: 0.5,
      },
      'en',
    );
    expect(rows.map((r) => `${r.key}=${r.value}`)).toEqual([
      'wars=2',
      'attacks=2',
      'starsPerAttack=2.5',
      'averageDestruction=87.6 %',
      'threeStarRate=50%',
    ]);
  });

  it('tells each roster how a war ended for it', () => {
    expect([
      outcomeFor(war('home'), 'a'),
      outcomeFor(war('home'), 'b'),
      outcomeFor(war('draw'), 'b'),
    ]).toEqual(['win', 'loss', 'draw']);
    expect(outcomeFor(war('none'), 'a')).toBe('loss');
  });
});

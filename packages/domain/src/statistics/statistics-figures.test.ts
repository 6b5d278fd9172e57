import { describe, expect, it } from 'vitest';
import type { PlayerTotals, SeriesFacts, SideFacts } from './series-statistics.js';
import { closestWars, headToHead, playerFigures, pointsHistory, topAttackers } from './statistics-figures.js';

const player = (
  tag: string,
  attacks: number,
  stars: number,
  threeStars: number,
  d: number,
): PlayerTotals => ({
  playerTag: tag,
  eventId: 'e',
  segmentId: 's',
  wars: attacks,
  attacks,
  stars,
  threeStars,
  destructionHundredths: d,
});

const side = (
  rosterId: string,
  stars: number,
  destruction: number | null,
  placement: number,
  forfeit = false,
): SideFacts => ({
  rosterId,
  stars,
  destruction,
  placement,
  forfeit,
  playerTags: [],
});

const war = (id: string, at: string, home: SideFacts, away: SideFacts): SeriesFacts => ({
  seriesId: id,
  eventId: 'e',
  segmentId: 's',
  finishedAt: at,
  home,
  away,
  attacks: [],
});

describe('player figures', () => {
  it('derives stars per attack, average destruction and three-star rate', () => {
    expect(playerFigures(player('#A', 4, 10, 2, 35_050))).toEqual({
      wars: 4,
      attacks: 4,
      stars: 10,
      threeStars: 2,
      starsPerAttack: 2.5,
      averageDestruction: 87.63,
      threeStarRate: 0.5,
    });
  });

  it('has no rates before the first attack (not zero, which would read as a bad player)', () => {
    const figures = playerFigures({ ...player('#A', 0, 0, 0, 0), wars: 1 });
    expect([figures.starsPerAttack, figures.averageDestruction, figures.threeStarRate]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('event figures', () => {
  const rows = [player('#A', 2, 6, 2, 20_000), player('#B', 4, 8, 1, 36_000), player('#C', 1, 3, 1, 10_000)];

  it.each([
    ['stars', ['#B', '#A', '#C']],
    ['threeStarRate', ['#A', '#C', '#B']],
    ['destruction', ['#A', '#C', '#B']],
  ] as const)('orders top attackers by %s (ties: more attacks first)', (order, tags) => {
    expect(topAttackers(rows, order, 3).map((r) => r.playerTag)).toEqual(tags);
  });

  it('rates need the minimum number of attacks', () => {
    expect(topAttackers(rows, 'threeStarRate', 3, 2).map((r) => r.playerTag)).toEqual(['#A', '#B']);
  });

  it('closest wars: star margin, then destruction margin; forfeits are not wars', () => {
    const list = [
      war('far', '1', side('a', 9, 90, 1), side('b', 3, 40, 2)),
      war('tie', '2', side('a', 7, 80, 1), side('b', 7, 79.5, 2)),
      war('one', '3', side('a', 8, 80, 1), side('b', 7, 80, 2)),
      war('ff', '4', side('a', 0, null, 2, true), side('b', 0, null, 1)),
    ];
    expect(closestWars(list, 10).map((w) => w.seriesId)).toEqual(['tie', 'one', 'far']);
  });

  it('points history adds 3 a win, 1 a draw, 0 a loss in the order the wars finished', () => {
    const list = [
      war('m2', '2026-01-02', side('a', 5, 50, 1), side('b', 5, 50, 1)),
      war('m1', '2026-01-01', side('b', 3, 50, 2), side('a', 6, 60, 1)),
      war('m3', '2026-01-03', side('a', 1, 10, 2), side('c', 6, 60, 1)),
    ];
    expect(pointsHistory(list, 'a').map((s) => [s.seriesId, s.points, s.total])).toEqual([
      ['m1', 3, 3],
      ['m2', 1, 4],
      ['m3', 0, 4],
    ]);
    expect(headToHead(list, 'a', 'b')).toEqual({ wars: 2, wins: 1, losses: 0, draws: 1 });
  });
});

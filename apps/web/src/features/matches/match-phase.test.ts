import { describe, expect, it } from 'vitest';
import { seriesPhase } from './match-phase';

const at = (roundNumber: number | null, bracket: 'upper' | 'lower' | null, group: string | null) => ({
  roundNumber,
  bracket,
  group,
});

describe('the phase of a series in its stage', () => {
  it.each([
    [
      'a ladder series is a ladder match, whatever its round',
      at(null, null, null),
      'ladder',
      { key: 'ladder' },
    ],
    ['a swiss series names its round', at(3, null, null), 'swiss', { key: 'swiss', round: 3 }],
    [
      'an upper-bracket series names its round',
      at(2, 'upper', 'upper'),
      'double_elimination',
      { key: 'upper', round: 2 },
    ],
    [
      'a lower-bracket series names its round',
      at(4, 'lower', 'lower'),
      'double_elimination',
      { key: 'lower', round: 4 },
    ],
    ['the first final is the grand final', at(1, null, 'final'), 'double_elimination', { key: 'grandFinal' }],
    ['the second final is its reset', at(2, null, 'final'), 'double_elimination', { key: 'reset' }],
  ] as const)('%s', (_why, series, type, phase) => {
    expect(seriesPhase(series, type)).toEqual(phase);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDestruction, resultReason } from './war-result';

describe('war result', () => {
  const result = (stars: [number, number], winner: 'home' | 'away' | 'draw') => ({
    stars: { home: stars[0], away: stars[1] },
    winner,
    forfeit: false,
  });

  it('says why a side won: stars first, destruction when the stars are equal, a draw as a draw', () => {
    expect(resultReason(result([13, 12], 'home'))).toBe('stars');
    expect(resultReason(result([12, 12], 'home'))).toBe('destruction');
    expect(resultReason(result([12, 12], 'draw'))).toBe('draw');
    expect(resultReason({ ...result([0, 15], 'away'), forfeit: true })).toBeNull();
    expect(resultReason({ ...result([0, 0], 'away'), winner: null })).toBeNull();
  });

  it('shows destruction with the locale’s decimal separator', () => {
    expect(formatDestruction(81.46, 'en')).toBe('81.5 %');
    expect(formatDestruction(81.46, 'fr')).toBe('81,5 %');
    expect(formatDestruction(100, 'de')).toBe('100 %');
    expect(formatDestruction(50.25, 'zh_TW')).toBe('50.3 %');
  });
});

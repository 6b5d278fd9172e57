import { describe, expect, it } from 'vitest';
import { parsePlacements } from './forms.js';

describe('parsePlacements: only plain positive whole numbers', () => {
  it.each([
    { text: '12, 3', expected: [12, 3], why: 'several digits' },
    { text: '0', expected: null, why: 'zero is not a placement' },
    { text: '+1', expected: null, why: 'a sign is not a digit' },
    { text: '1e2', expected: null, why: 'exponent notation' },
    { text: '2, x1', expected: null, why: 'a part with a letter in front' },
  ])('$text → $expected ($why)', ({ text, expected }) => {
    expect(parsePlacements(text)).toEqual(expected);
  });
});

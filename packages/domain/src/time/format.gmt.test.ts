import { describe, expect, it } from 'vitest';
import { gmtLabel } from './format.js';

describe('gmtLabel: minutes and the western side', () => {
  it.each([
    [-240, 'GMT-4'],
    [330, 'GMT+5:30'],
    [-570, 'GMT-9:30'],
    [305, 'GMT+5:05'],
  ])('%i minutes → %s', (offset, label) => expect(gmtLabel(offset)).toBe(label));
});

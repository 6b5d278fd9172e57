import { describe, expect, it } from 'vitest';
import { encodeTag, InvalidTagError, isValidTag, normalizeTag, parseTag, tagBody } from './tags.js';

describe('normalizeTag', () => {
  it.each([
    ['#2PP', '#2PP'],
    ['2pp', '#2PP'],
    ['  #9yl0q  ', '#9YL0Q'],
    ['#8oo', '#800'],
    ['oO2', '#002'],
    ['##2PP', '#2PP'],
    ['#PYLQGRJCUV09', '#PYLQGRJCUV09'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeTag(input)).toBe(expected);
  });

  it.each([
    ['', 'tag is empty'],
    ['#', 'tag is empty'],
    ['#ABC', '0289PYLQGRJCUV'],
    ['#2P', '3 to 12'],
    ['#2P-P', '0289PYLQGRJCUV'],
    ['#1PP', '0289PYLQGRJCUV'],
    ['#2PP0QJ8YRGLCU', '3 to 12'],
  ])('rejects %j', (input, reason) => {
    const parsed = parseTag(input);
    expect(parsed).toEqual({ ok: false, reason: expect.stringContaining(reason) });
    expect(isValidTag(input)).toBe(false);
    expect(() => normalizeTag(input)).toThrow(InvalidTagError);
  });
});

describe('encodeTag', () => {
  it('percent-encodes the hash after normalising', () => {
    expect(encodeTag('2pp0qj8y')).toBe('%232PP0QJ8Y');
  });

  it('throws on invalid tags rather than sending them', () => {
    expect(() => encodeTag('#hello')).toThrow(InvalidTagError);
  });
});

describe('tagBody', () => {
  it('drops the hash', () => {
    expect(tagBody('#2pp')).toBe('2PP');
  });
});

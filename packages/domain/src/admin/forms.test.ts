import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, parseCount, parsePlacements, toFlag } from './forms.js';

describe('parsePlacements', () => {
  it.each([
    ['1,2,3', [1, 2, 3]],
    // why: organizers type spaces and trailing commas
    [' 1, 2 ,3, ', [1, 2, 3]],
    ['8', [8]],
    // why: anything that is not a positive whole number makes the field invalid
    ['1,two', null],
    ['0,1', null],
    ['1.5', null],
    ['-1', null],
    ['', null],
    [' , ', null],
  ])('%j → %j', (text, expected) => {
    expect(parsePlacements(text)).toEqual(expected);
  });
});

describe('parseCount and toFlag', () => {
  it.each([
    ['5', 5],
    [' 128 ', 128],
    ['0', 0],
    ['', null],
    ['5a', null],
    ['-2', null],
    ['2.5', null],
  ])('parseCount(%j) is %j', (text, expected) => expect(parseCount(text)).toBe(expected));
  it('turns checkboxes into integer flags', () => {
    expect([toFlag(true), toFlag(false)]).toEqual([1, 0]);
  });
});

describe('dates of the forms', () => {
  it.each([
    ['2026-04-01T14:00', '2026-04-01T14:00:00Z'],
    ['2026-04-01T14:00:30', '2026-04-01T14:00:30Z'],
    ['2026-02-30T14:00', null],
    ['yesterday', null],
    ['', null],
  ])('localInputToIso(%j) is %j', (value, expected) => {
    expect(localInputToIso(value)).toBe(expected);
  });
  it('round-trips an ISO date through the input', () => {
    expect(localInputToIso(isoToLocalInput('2026-04-01T14:00:00Z'))).toBe('2026-04-01T14:00:00Z');
  });
});

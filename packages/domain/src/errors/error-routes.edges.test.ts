import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, isErrorCode } from './error-catalogue.js';
import { checkInFailureRoute, isAltWarMode } from './error-routes.js';

describe('isAltWarMode: the friendly-war page of each pair (14, 20)', () => {
  it.each([
    [{ warStatus: 'friendlyWar' }, true],
    [{ warStatus: 'clanWar' }, false],
    [{ warStatus: 'notInWar' }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (meta, expected) => {
    expect(isAltWarMode(meta)).toBe(expected);
  });
});

describe('isErrorCode: only a string naming a catalogue entry', () => {
  const known = Object.keys(ERROR_CATALOGUE)[0]!;

  it('takes a catalogue code, and nothing that only turns into one as a property key', () => {
    expect(isErrorCode(known)).toBe(true);
    // An array of the code becomes the code itself as a property key: still not a code.
    expect(isErrorCode([known])).toBe(false);
    expect(isErrorCode({ toString: () => known })).toBe(false);
    expect(isErrorCode(42)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('checkInFailureRoute keeps the caller options it maps with', () => {
  it('maps a team code on the team pages (teamCodes) before its own fallbacks', () => {
    expect(checkInFailureRoute(400, 'ROSTER_FULL', { teamCodes: true })).toBe('/error/6');
    // Without teamCodes the same refusal is a check-in failure: 13 (22 for a 403).
    expect(checkInFailureRoute(400, 'ROSTER_FULL')).toBe('/error/13');
    expect(checkInFailureRoute(403, 'ROSTER_FULL')).toBe('/error/22');
  });
});

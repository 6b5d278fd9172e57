import { describe, expect, it } from 'vitest';
import { initialLoadOutcome } from './initial-load.js';

describe('initialLoadOutcome: the edges of the 2xx range and blank messages', () => {
  it.each([
    { status: 200, kind: 'registered' },
    { status: 299, kind: 'registered' },
    { status: 199, kind: 'fatal' },
    { status: 300, kind: 'fatal' },
  ])('status $status → $kind', ({ status, kind }) => {
    expect(initialLoadOutcome(status, null, null, 'boom').kind).toBe(kind);
  });

  it.each([
    { message: '  boom  ', kept: 'boom' },
    { message: '   ', kept: 'unknown' },
  ])('a fatal message is trimmed: $message → $kept', ({ message, kept }) => {
    expect(initialLoadOutcome(500, null, null, message)).toMatchObject({
      kind: 'fatal',
      message: kept,
      route: `/fatal-error/${kept}`,
    });
  });
});

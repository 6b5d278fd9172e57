import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusalReason, REFUSAL_REASONS, refusalReason, routeWithReason } from './refusal-reasons.js';

describe('refusal reasons', () => {
  it('reads meta.reason first (a suspended account answers UNAUTHENTICATED), then the code', () => {
    expect(refusalReason({ code: 'UNAUTHENTICATED', meta: { reason: 'ACCOUNT_SUSPENDED' } })).toBe(
      'ACCOUNT_SUSPENDED',
    );
    expect(refusalReason({ code: 'CHECK_IN_WINDOW_CLOSED' })).toBe('CHECK_IN_WINDOW_CLOSED');
    expect(refusalReason({ code: 'UNAUTHENTICATED' })).toBeNull();
    expect(refusalReason(null)).toBeNull();
  });

  it('puts the reason on the page as ?reason=, nothing without one', () => {
    expect(routeWithReason('/error/9', 'ROSTER_NOT_IN_SEGMENT')).toBe(
      '/error/9?reason=ROSTER_NOT_IN_SEGMENT',
    );
    expect(routeWithReason('/error/13', null)).toBe('/error/13');
  });

  it('only the listed codes are reasons', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        expect(isRefusalReason(code)).toBe((REFUSAL_REASONS as readonly string[]).includes(code));
      }),
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';
import { teamErrorRoute } from './error-route';

vi.mock('../../lib/error-reporter', () => ({ reportError: vi.fn() }));

const apiError = (status: number, code?: string, detail?: string) =>
  new ApiError(
    status,
    'POST',
    '/clans/x',
    code ? [{ status: String(status), code, title: code, detail }] : [],
    null,
  );

describe('teamErrorRoute', () => {
  it.each<[string, unknown, boolean, string]>([
    ['not an ApiError', new Error('boom'), false, '/error'],
    ['closed registration', apiError(400, 'SEGMENT_REGISTRATION_CLOSED'), false, '/error/33'],
    ['roster full', apiError(400, 'ROSTER_FULL'), false, '/error/6'],
    ['not selected', apiError(401, 'NOT_INVITED'), false, '/error/37'],
    ['team code at any status', apiError(500, 'ROSTER_FULL'), false, '/error/6'],
    [
      'limit detail wins over the team code',
      apiError(400, 'ROSTER_FULL', 'Roster changes limit exceeded'),
      false,
      '/error/35',
    ],
    ['domain code', apiError(400, 'TH_LEVELS_MISMATCH'), false, '/error/27'],
    ['domain 401 code', apiError(401, 'INSUFFICIENT_ROLE'), true, '/error/37'],
    ['unknown code', apiError(400, 'ROSTER_LOCKED'), false, '/error'],
    ['no error objects', apiError(503), false, '/error'],
  ])('%s → %s', (_case, error, isChinese, expected) => {
    expect(teamErrorRoute(error, { isChinese })).toBe(expected);
    expect(reportError).toHaveBeenCalledWith(error);
  });

  it('a suspended account is told so (issue 31): the page carries the reason', () => {
    const suspended = new ApiError(
      401,
      'POST',
      '/clan/roster/confirm',
      [
        {
          status: '401',
          code: 'UNAUTHENTICATED',
          title: 'Authentication required',
          detail: 'This account is suspended',
          meta: { reason: 'ACCOUNT_SUSPENDED' },
        },
      ],
      null,
    );
    expect(teamErrorRoute(suspended)).toBe('/error?reason=ACCOUNT_SUSPENDED');
  });
});

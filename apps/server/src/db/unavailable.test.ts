import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a terminated backend (pg_terminate_backend)',
      withCode('57P01', 'terminating connection due to administrator command'),
      true,
    ],
    ['a server in recovery', withCode('57P03'), true],
    ['a connection exception', withCode('08006'), true],
    ['too many connections', withCode('53300'), true],
    ['a refused connection', withCode('ECONNREFUSED'), true],
    [
      'a lost connection, wrapped by the ORM',
      Object.assign(new Error('Failed query'), { cause: new Error('Connection terminated unexpectedly') }),
      true,
    ],
    ['a unique violation', withCode('23505'), false],
    ['a deadlock (retried elsewhere)', withCode('40P01'), false],
    ['a syntax error', withCode('42601'), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['nothing', undefined, false],
  ])('%s: %s', (_why, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});

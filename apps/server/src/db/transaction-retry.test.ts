import { describe, expect, it } from 'vitest';
import { isRetryableTransactionError, sqlState, withTransactionRetry } from './transaction-retry.js';

const pgError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
const noPause = async () => {};

describe('transaction retry', () => {
  it.each([
    ['deadlock', pgError('40P01'), true],
    ['serialization failure', pgError('40001'), true],
    ['wrapped by the ORM', Object.assign(new Error('query failed'), { cause: pgError('40P01') }), true],
    ['unique violation', pgError('23505'), false],
    ['a domain error code is no SQLSTATE', Object.assign(new Error('x'), { code: 'NOT_FOUND' }), false],
    ['plain error', new Error('boom'), false],
  ])('%s', (_why, error, retryable) => {
    expect(isRetryableTransactionError(error)).toBe(retryable);
  });

  it('reads the SQLSTATE through causes', () => {
    expect(sqlState({ cause: { cause: { code: '40001' } } })).toBe('40001');
  });

  it('runs again after a deadlock and answers the successful attempt', async () => {
    let calls = 0;
    const result = await withTransactionRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw pgError('40P01');
        return 'committed';
      },
      { pause: noPause },
    );
    expect(result).toBe('committed');
    expect(calls).toBe(3);
  });

  it('is bounded: the last failure is thrown after the allowed attempts', async () => {
    let calls = 0;
    const failing = withTransactionRetry(
      async () => {
        calls += 1;
        throw pgError('40001');
      },
      { attempts: 4, pause: noPause },
    );
    await expect(failing).rejects.toThrow('sqlstate 40001');
    expect(calls).toBe(4);
  });

  it('never retries other failures', async () => {
    let calls = 0;
    const failing = withTransactionRetry(
      async () => {
        calls += 1;
        throw pgError('23505');
      },
      { pause: noPause },
    );
    await expect(failing).rejects.toThrow();
    expect(calls).toBe(1);
  });
});

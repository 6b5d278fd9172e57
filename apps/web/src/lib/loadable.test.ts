import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { settle, valueOr } from './loadable';

describe('settle', () => {
  it('resolves a value as ready', async () => {
    expect(await settle(Promise.resolve(3))).toEqual({ status: 'ready', value: 3 });
  });

  it('resolves a 404 as missing and any other failure as error, never rejecting', async () => {
    const notFound = new ApiError(404, 'GET', '/x', [], null);
    expect(await settle(Promise.reject(notFound))).toEqual({ status: 'missing' });
    const offline = new Error('offline');
    expect(await settle(Promise.reject(offline))).toEqual({ status: 'error', error: offline });
  });
});

describe('valueOr', () => {
  it('gives the value of a ready Loadable and the fallback otherwise', () => {
    expect(valueOr({ status: 'ready', value: 'x' }, null)).toBe('x');
    expect(valueOr({ status: 'missing' }, null)).toBeNull();
  });
});

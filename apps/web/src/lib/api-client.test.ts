import * as contract from '@cwh/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, allPages, api, authorizedApi, JSONAPI_MEDIA_TYPE } from './api-client';

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async () => new Response(body === null ? null : JSON.stringify(body), { status, headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('uses the contract media type', () => {
    expect(JSONAPI_MEDIA_TYPE).toBe(contract.JSONAPI_MEDIA_TYPE);
  });

  it('sends the tenant header and the JSON:API media type', async () => {
    const fetchMock = mockFetch(200, { data: [] });
    await api.get('/api/tournaments/1.0/events', { query: { 'filter[level]': 0, skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tournaments/1.0/events?filter%5Blevel%5D=0');
    expect(init.headers).toMatchObject({ 'x-tenant': 'global', accept: JSONAPI_MEDIA_TYPE });
  });

  it('turns an error document into an ApiError naming status, method, path and the server errors', async () => {
    mockFetch(404, {
      errors: [
        { status: '404', code: 'NOT_FOUND', title: 'Not Found', detail: 'Event 9 does not exist' },
        { status: '404', code: 'X', title: 'Other', meta: { file: 'events.ts', line: 12 } },
      ],
      meta: { message: 'x', status: 404, method: 'GET', path: '/api/tournaments/1.0/events/9' },
    });
    const error = await api.get('/api/tournaments/1.0/events/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('NOT_FOUND');
    expect(apiError.message).toBe(
      '404 GET /api/tournaments/1.0/events/9: Not Found (Event 9 does not exist); Other [events.ts:12]',
    );
  });

  it('still fails clearly when the body is not an error document', async () => {
    mockFetch(502, null);
    const error = (await api.post('/api/log/1.0/log', { a: 1 }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502 POST /api/log/1.0/log');
    expect(error.errors).toEqual([]);
  });

  it('rejects a 2xx answer whose status header says otherwise, in status-header mode', async () => {
    mockFetch(200, { errors: [{ status: '401', code: 'NO_CLAN', title: 'No clan' }] }, { 'x-status': '401' });
    const error = (await api
      .get('/api/clan/1.0/clan', { statusHeader: 'x-status' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toContain('401 GET /api/clan/1.0/clan: No clan');
  });
});

describe('authorizedApi: the one client with a bearer', () => {
  it('sends the current token as a bearer on every call, and none without a token', async () => {
    const fetchMock = mockFetch(200, { data: [] });
    let token: string | null = 'tok-1';
    const client = authorizedApi({ token: () => token });
    await client.get('/api/users/1.0/user');
    token = null;
    await client.delete('/api/users/1.0/user');
    const headers = fetchMock.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1].headers);
    expect(headers[0]).toMatchObject({ authorization: 'Bearer tok-1' });
    expect(headers[1]).not.toHaveProperty('authorization');
  });

  it('hands a 401 to onUnauthorized before throwing it; other refusals are only thrown', async () => {
    const onUnauthorized = vi.fn();
    const client = authorizedApi({ token: () => 't', onUnauthorized });
    mockFetch(403, { errors: [{ status: '403', code: 'INSUFFICIENT_ROLE', title: 'Forbidden' }] });
    expect(((await client.post('/x', {}).catch((e: unknown) => e)) as ApiError).status).toBe(403);
    expect(onUnauthorized).not.toHaveBeenCalled();
    mockFetch(401, { errors: [{ status: '401', code: 'UNAUTHENTICATED', title: 'Unauthorized' }] });
    expect(((await client.post('/x', {}).catch((e: unknown) => e)) as ApiError).code).toBe('UNAUTHENTICATED');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends a file as its own bytes with its type', async () => {
    const fetchMock = mockFetch(200, { data: { id: '1' } });
    const file = new Blob(['png'], { type: 'image/png' });
    await authorizedApi({ token: () => 't' }).patch('/avatar', file);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'content-type': 'image/png' });
  });

  it('reads every page of a list', async () => {
    const pages = [
      { data: [1, 2], meta: { page: { totalPages: 2 } } },
      { data: [3], meta: { page: { totalPages: 2 } } },
    ];
    const get = vi.fn(async () => pages.shift());
    expect(await allPages<number>({ get } as never, '/list', { sort: 'x' }, 2)).toEqual([1, 2, 3]);
    expect(get).toHaveBeenLastCalledWith('/list', {
      query: { sort: 'x', 'page[number]': 2, 'page[size]': 2 },
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildLogBody, reportError, resetReportCounter, shouldReport } from './error-reporter';

describe('error reporter', () => {
  beforeEach(() => resetReportCounter());
  afterEach(() => vi.unstubAllGlobals());

  it('does not report network errors, timeouts and aborts', () => {
    expect(shouldReport(new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldReport(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(false);
    expect(shouldReport(new TypeError('Load failed'))).toBe(false);
    expect(shouldReport(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(shouldReport(new DOMException('signal timed out', 'TimeoutError'))).toBe(false);
  });

  it('reports real bugs', () => {
    expect(shouldReport(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(true);
    expect(shouldReport(new Error('boom'))).toBe(true);
    expect(shouldReport('string rejection')).toBe(true);
  });

  it('posts {error, meta, url} to the log service', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await reportError(new Error('boom'))).toBe(true);
    expect(await reportError(new TypeError('Failed to fetch'))).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/log/1.0/log');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body));
    expect(body.error).toContain('boom');
    expect(body.meta.userAgent).toBe(navigator.userAgent);
    expect(Date.parse(body.meta.date)).not.toBeNaN();
    expect(body.url).toBe(window.location.href);
  });

  it('builds a body the contract accepts', async () => {
    const { logBody } = await import('@cwh/contract');
    expect(logBody.safeParse(buildLogBody(new Error('x'), { source: 'test' })).success).toBe(true);
  });
});

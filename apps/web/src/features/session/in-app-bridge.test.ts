import { describe, expect, it, vi } from 'vitest';
import {
  completeParams,
  detectInApp,
  HOST_PARAMS_MESSAGE,
  hubLinkHref,
  IN_APP_WEBVIEW_SCHEME,
  parseHostMessage,
  requestHostParams,
} from './in-app-bridge';

const PARAMS = { apiToken: 'tok', platform: 'ios', country: 'FR', playerTag: '#LQ2Y000' };

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('in-app bridge', () => {
  it('reads the host answer as an object, as JSON text, or nested in params', () => {
    expect(parseHostMessage({ type: HOST_PARAMS_MESSAGE, ...PARAMS })).toEqual(PARAMS);
    expect(parseHostMessage(JSON.stringify({ type: HOST_PARAMS_MESSAGE, ...PARAMS }))).toEqual(PARAMS);
    expect(parseHostMessage({ type: HOST_PARAMS_MESSAGE, params: PARAMS })).toEqual(PARAMS);
  });

  it('ignores other messages', () => {
    expect(parseHostMessage({ type: 'other', ...PARAMS })).toBeNull();
    expect(parseHostMessage('not json')).toBeNull();
    expect(parseHostMessage(null)).toBeNull();
    expect(parseHostMessage(42)).toBeNull();
  });

  it('needs all four parameters (spec 4)', () => {
    expect(completeParams(PARAMS)).toEqual(PARAMS);
    for (const name of ['apiToken', 'platform', 'country', 'playerTag'] as const) {
      expect(completeParams({ ...PARAMS, [name]: '' })).toBeNull();
      expect(completeParams({ ...PARAMS, [name]: undefined })).toBeNull();
    }
    expect(completeParams(null)).toBeNull();
  });

  it('detects in-app from the query flag (remembered) or the user-agent marker', () => {
    const storage = memoryStorage();
    expect(detectInApp('?inApp=1', 'Mozilla', storage)).toBe(true);
    expect(detectInApp('', 'Mozilla', storage)).toBe(true);
    expect(detectInApp('?inApp=0', 'Mozilla', storage)).toBe(false);
    expect(detectInApp('', 'Mozilla', storage)).toBe(false);
    expect(detectInApp('', 'Mozilla ClanWarHubInApp/1.0', memoryStorage())).toBe(true);
  });

  it('asks a React Native host and resolves with its answer', async () => {
    const listeners: ((event: MessageEvent) => void)[] = [];
    const posted: string[] = [];
    const win = {
      ReactNativeWebView: { postMessage: (m: string) => posted.push(m) },
      addEventListener: (_: 'message', l: (event: MessageEvent) => void) => listeners.push(l),
      removeEventListener: vi.fn(),
    };
    const answer = requestHostParams(win, 1000);
    expect(JSON.parse(posted[0] ?? '')).toEqual({ type: HOST_PARAMS_MESSAGE });
    for (const l of listeners) l({ data: { type: 'noise' } } as MessageEvent);
    for (const l of listeners)
      l({ data: JSON.stringify({ type: HOST_PARAMS_MESSAGE, ...PARAMS }) } as MessageEvent);
    await expect(answer).resolves.toEqual(PARAMS);
    expect(win.removeEventListener).toHaveBeenCalled();
  });

  it('asks the embedding frame and gives up after the timeout', async () => {
    vi.useFakeTimers();
    const parent = { postMessage: vi.fn() };
    const win = { parent, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const answer = requestHostParams(win, 500);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: HOST_PARAMS_MESSAGE }, '*');
    vi.advanceTimersByTime(500);
    await expect(answer).resolves.toBeNull();
    vi.useRealTimers();
  });

  it('answers null at once without any host', async () => {
    const win: { parent?: unknown; addEventListener: () => void; removeEventListener: () => void } = {
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
    win.parent = win;
    await expect(requestHostParams(win as never, 10_000)).resolves.toBeNull();
  });

  it('opens links through the game web-view scheme in-app only', () => {
    expect(hubLinkHref('https://x.test/a?b=1', true)).toBe(
      `${IN_APP_WEBVIEW_SCHEME}https%3A%2F%2Fx.test%2Fa%3Fb%3D1`,
    );
    expect(hubLinkHref('https://x.test/a', false)).toBe('https://x.test/a');
  });
});

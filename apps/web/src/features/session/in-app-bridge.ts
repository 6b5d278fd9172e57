/**
 * In-app bridge (docs/in-app-bridge.md): how the hub, opened inside the game's web view, gets the
 * launch parameters from the host app and opens links through the game.
 */

/** Message type of the request and of the host's answer. */
export const HOST_PARAMS_MESSAGE = 'cwh:params';

/** Links leave the web view through the game's web-view scheme; the target URL is appended encoded. */
export const IN_APP_WEBVIEW_SCHEME = 'clashofclans://openWebview?url=';

/** User-agent marker a host app may add instead of the `?inApp=1` query flag. */
export const IN_APP_USER_AGENT_MARKER = 'ClanWarHubInApp';

/** How long the hub waits for the host's answer before it gives up (then nobody is signed in). */
export const HOST_PARAMS_TIMEOUT_MS = 5_000;

const IN_APP_STORAGE_KEY = 'cwh.inApp';

export interface LaunchParams {
  apiToken: string;
  platform: string;
  country: string;
  playerTag: string;
}

export type PartialLaunchParams = { [K in keyof LaunchParams]?: string | null };

export const LAUNCH_PARAM_NAMES = ['apiToken', 'platform', 'country', 'playerTag'] as const;

/** Spec 4: all four are needed; a missing one stops the initial load without registering. */
export function completeParams(params: PartialLaunchParams | null | undefined): LaunchParams | null {
  if (!params) return null;
  const out: Partial<LaunchParams> = {};
  for (const name of LAUNCH_PARAM_NAMES) {
    const value = params[name];
    if (typeof value !== 'string' || value.trim() === '') return null;
    out[name] = value.trim();
  }
  return out as LaunchParams;
}

/**
 * In-app when the URL says `?inApp=1` (remembered for the tab, as in-app navigation drops the
 * query) or the user agent carries the marker.
 */
export function detectInApp(
  search: string,
  userAgent: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSessionStorage(),
): boolean {
  const flag = new URLSearchParams(search).get('inApp');
  if (flag === '1' || flag === 'true') {
    storage?.setItem(IN_APP_STORAGE_KEY, '1');
    return true;
  }
  if (flag === '0' || flag === 'false') {
    storage?.setItem(IN_APP_STORAGE_KEY, '0');
    return false;
  }
  if (userAgent.includes(IN_APP_USER_AGENT_MARKER)) return true;
  return storage?.getItem(IN_APP_STORAGE_KEY) === '1';
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reads the host's answer. Accepts the object itself or its JSON text (React Native web views post
 * strings); anything that is not a `cwh:params` message yields null.
 */
export function parseHostMessage(data: unknown): PartialLaunchParams | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.type !== HOST_PARAMS_MESSAGE) return null;
  const source = (
    typeof message.params === 'object' && message.params !== null ? message.params : message
  ) as Record<string, unknown>;
  const out: PartialLaunchParams = {};
  for (const name of LAUNCH_PARAM_NAMES) {
    const raw = source[name];
    if (typeof raw === 'string') out[name] = raw;
  }
  return out;
}

interface HostWindow {
  parent?: unknown;
  ReactNativeWebView?: { postMessage(message: string): void };
  postMessage?: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Sends the request to whichever host there is: a React Native web view, or the embedding frame. */
export function postParamsRequest(win: HostWindow): boolean {
  const request = { type: HOST_PARAMS_MESSAGE };
  if (win.ReactNativeWebView) {
    win.ReactNativeWebView.postMessage(JSON.stringify(request));
    return true;
  }
  const parent = win.parent as { postMessage?: (message: unknown, target: string) => void } | undefined;
  if (parent && parent !== win && typeof parent.postMessage === 'function') {
    parent.postMessage(request, '*');
    return true;
  }
  return false;
}

/**
 * Asks the host for the launch parameters and waits for the first `cwh:params` answer (on the
 * window, or on `document` where some React Native web views deliver it). Null on timeout.
 */
export function requestHostParams(
  win: HostWindow & { document?: Pick<Document, 'addEventListener' | 'removeEventListener'> } = window,
  timeoutMs: number = HOST_PARAMS_TIMEOUT_MS,
): Promise<PartialLaunchParams | null> {
  return new Promise((resolve) => {
    const targets = [win, win.document].filter(Boolean) as Pick<
      HostWindow,
      'addEventListener' | 'removeEventListener'
    >[];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      const params = parseHostMessage(event.data);
      if (!params) return;
      finish(params);
    };
    const finish = (params: PartialLaunchParams | null) => {
      clearTimeout(timer);
      for (const target of targets) target.removeEventListener('message', onMessage as never);
      resolve(params);
    };
    for (const target of targets) target.addEventListener('message', onMessage as never);
    timer = setTimeout(() => finish(null), timeoutMs);
    if (!postParamsRequest(win)) finish(null);
  });
}

/** The href that opens `url`: through the game's web-view scheme in-app, unchanged standalone. */
export function hubLinkHref(url: string, inApp: boolean): string {
  return inApp ? `${IN_APP_WEBVIEW_SCHEME}${encodeURIComponent(url)}` : url;
}

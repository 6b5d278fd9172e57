import type { LogBody } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { buildUrl, tenantHeaders } from './api-client';

const NETWORK_MESSAGES = [
  /^Failed to fetch$/i,
  /^NetworkError when attempting to fetch resource\.?$/i,
  /^Load failed$/i,
  /^Network request failed$/i,
  /^network error$/i,
];
const IGNORED_NAMES = new Set(['AbortError', 'TimeoutError']);
/** A broken page must not flood the log service. */
const MAX_REPORTS_PER_PAGE = 20;

let sent = 0;
let context: Pick<NonNullable<LogBody['meta']>, 'userId' | 'playerTag' | 'country'> = {};

/** Session details later attached to every report (set once the user is known). */
export function setErrorContext(next: typeof context): void {
  context = next;
}

/** Network failures, timeouts and aborts are the user's connection, not a bug: they are not reported. */
export function shouldReport(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  if (typeof error === 'object' && 'name' in error && IGNORED_NAMES.has(String(error.name))) return false;
  if (error instanceof TypeError && NETWORK_MESSAGES.some((pattern) => pattern.test(error.message)))
    return false;
  return true;
}

function describe(error: unknown): string {
  if (error instanceof Error)
    return error.stack?.includes(error.message)
      ? error.stack
      : `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export function buildLogBody(error: unknown, extras?: Record<string, unknown>): LogBody {
  return {
    error: describe(error).slice(0, 10_000),
    meta: {
      ...context,
      userAgent: navigator.userAgent.slice(0, 1000),
      date: new Date().toISOString(),
      ...(extras ? { extras } : {}),
    },
    url: window.location.href.slice(0, 2000),
  };
}

/** Sends an unhandled error to the log service (POST /api/log/1.0/log); never throws. */
export async function reportError(error: unknown, extras?: Record<string, unknown>): Promise<boolean> {
  if (!shouldReport(error) || sent >= MAX_REPORTS_PER_PAGE) return false;
  sent += 1;
  try {
    await fetch(buildUrl(`${API.log}/log`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...tenantHeaders() },
      body: JSON.stringify(buildLogBody(error, extras)),
      keepalive: true,
    });
    return true;
  } catch {
    return false;
  }
}

/** Hooks window.onerror and unhandledrejection; returns the function that unhooks them. */
export function installGlobalErrorReporting(onError?: (error: unknown) => boolean): () => void {
  const handle = (error: unknown) => {
    if (onError?.(error)) return;
    void reportError(error);
  };
  const onWindowError = (event: ErrorEvent) => handle(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onWindowError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Test hook. */
export function resetReportCounter(): void {
  sent = 0;
}

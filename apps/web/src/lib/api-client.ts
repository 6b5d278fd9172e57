import type { ErrorObject, PageMeta } from '@cwh/contract';
import { NO_TENANT_HEADER, TENANT_HEADER } from '@cwh/contract/constants';
import { config } from './config';

/**
 * Same value as the contract's JSONAPI_MEDIA_TYPE (a test keeps them equal). It is repeated here
 * because that constant sits next to zod schemas, which would drag zod into the web's first chunk.
 */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send and accept plain JSON instead of the JSON:API media type. */
  plainJson?: boolean;
  /** Status-header mode: a value above 299 in this response header rejects even a 2xx answer. */
  statusHeader?: string;
}

/** An API answer that is not a success, with everything needed to understand it in one message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly errors: ErrorObject[],
    readonly body: unknown,
  ) {
    super(apiErrorMessage(status, method, path, errors));
  }

  /** The first error code the server sent (e.g. INSUFFICIENT_ROLE), if any. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

function describeError(error: ErrorObject): string {
  const debug = error.meta as { file?: unknown; line?: unknown } | undefined;
  const where = debug?.file ? ` [${String(debug.file)}${debug.line ? `:${String(debug.line)}` : ''}]` : '';
  return `${error.title}${error.detail ? ` (${error.detail})` : ''}${where}`;
}

export function apiErrorMessage(status: number, method: string, path: string, errors: ErrorObject[]): string {
  const head = `${status} ${method.toUpperCase()} ${path}`;
  return errors.length === 0 ? head : `${head}: ${errors.map(describeError).join('; ')}`;
}

/** Reads the `errors` array of a JSON:API error document; anything else yields no errors. */
export function parseErrors(body: unknown, status: number): ErrorObject[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) {
    return [];
  }
  return body.errors
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      status: typeof e.status === 'string' ? e.status : String(status),
      code: typeof e.code === 'string' ? e.code : '',
      title: typeof e.title === 'string' ? e.title : 'Error',
      ...(typeof e.detail === 'string' ? { detail: e.detail } : {}),
      ...(typeof e.meta === 'object' && e.meta !== null ? { meta: e.meta as Record<string, unknown> } : {}),
    }));
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${config.apiPrefix}${path}${search ? `?${search}` : ''}`;
}

export function tenantHeaders(tenant: string | null = config.tenant): Record<string, string> {
  return tenant ? { [TENANT_HEADER]: tenant } : { [NO_TENANT_HEADER]: '1' };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const mediaType = options.plainJson ? 'application/json' : JSONAPI_MEDIA_TYPE;
  const headers: Record<string, string> = { accept: mediaType, ...tenantHeaders(), ...options.headers };
  // A file (avatar, screenshot) goes as its own bytes; the server sniffs the type and strips it.
  const file = options.body instanceof Blob ? options.body : null;
  if (options.body !== undefined)
    headers['content-type'] = file ? file.type || 'application/octet-stream' : mediaType;
  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: file ?? (options.body === undefined ? null : JSON.stringify(options.body)),
    signal: options.signal ?? null,
  });
  const body = await readBody(response);
  const headerStatus = options.statusHeader ? Number(response.headers.get(options.statusHeader)) : 0;
  const status = headerStatus > 299 ? headerStatus : response.status;
  if (!response.ok || headerStatus > 299) {
    throw new ApiError(status, method, path, parseErrors(body, status), body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/** The query of a call (undefined and null values are left out). */
export type ApiQuery = Query;

/** Who calls are made as: the bearer token, read at each call, and what a 401 answer means. */
export interface Credentials {
  token: () => string | null | undefined;
  /** The token ended (expired, suspended, signed out elsewhere): called before the error is thrown. */
  onUnauthorized?: () => void;
}

/** The bearer header of a token (none without one). */
export const bearerHeader = (token: string | null | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** The API's `{ data: { attributes } }` request body. */
export const attributesBody = (attributes: object) => ({ data: { attributes } });

/**
 * The one way to call the API as someone: `api` with the bearer of `credentials` on every call,
 * and a 401 answer handed to `onUnauthorized` (the console signs out) before it is thrown.
 */
export function authorizedApi(credentials: Credentials) {
  async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers = { ...bearerHeader(credentials.token()), ...options.headers };
    try {
      return await apiRequest<T>(method, path, { ...options, headers });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) credentials.onUnauthorized?.();
      throw error;
    }
  }
  return {
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => send<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      send<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      send<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      send<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options),
  };
}
export type AuthorizedApi = ReturnType<typeof authorizedApi>;

/** Every page of a list (the server answers at most `pageSize` per page, 100 at most). */
export async function allPages<R>(
  client: Pick<AuthorizedApi, 'get'>,
  path: string,
  query: ApiQuery = {},
  pageSize = 100,
): Promise<R[]> {
  const out: R[] = [];
  for (let page = 1; ; page++) {
    const list = await client.get<{ data: R[]; meta?: PageMeta }>(path, {
      query: { ...query, 'page[number]': page, 'page[size]': pageSize },
    });
    out.push(...list.data);
    const total = list.meta?.page.totalPages ?? 1;
    if (page >= total || list.data.length === 0) return out;
  }
}

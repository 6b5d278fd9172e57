import { api, type RequestOptions } from '../../lib/api-client';
import { getSession } from './session-store';

/** The player token as a bearer header (clan, age, OAuth services), when signed in. */
export function authHeaders(): Record<string, string> {
  const token = getSession().scToken?.value;
  return token ? { authorization: `Bearer ${token}` } : {};
}

function withAuth<O extends { headers?: Record<string, string> }>(options: O | undefined): O {
  return { ...(options ?? ({} as O)), headers: { ...authHeaders(), ...options?.headers } };
}

/** `api` with the session's bearer token. */
export const authApi = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => api.get<T>(path, withAuth(options)),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    api.post<T>(path, body, withAuth(options)),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    api.patch<T>(path, body, withAuth(options)),
  delete: <T>(path: string, options?: RequestOptions) => api.delete<T>(path, withAuth(options)),
};

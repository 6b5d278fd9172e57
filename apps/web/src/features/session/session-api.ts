import { authorizedApi, bearerHeader } from '../../lib/api-client';
import { getSession } from './session-store';

/** The player token as a bearer header (clan, age, OAuth services), when signed in. */
export function authHeaders(): Record<string, string> {
  return bearerHeader(getSession().scToken?.value);
}

/** `api` with the session's bearer token (a 401 is the caller's to read: no clan, banned, suspended). */
export const authApi = authorizedApi({ token: () => getSession().scToken?.value });

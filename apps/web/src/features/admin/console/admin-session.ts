import type { SessionDocument, UserDocument } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { isStaff } from '@cwh/domain';
import { useSyncExternalStore } from 'react';
import { api, authorizedApi, bearerHeader } from '../../../lib/api-client';

/** The console's own sign-in (staff e-mail and password), kept apart from the player's session. */
export interface AdminSession {
  token: string;
  userId: string;
  email: string;
  permissions: string[];
}

const KEY = 'cwh.admin.session';
const listeners = new Set<() => void>();
let current: AdminSession | null = read();

function read(): AdminSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as AdminSession) : null;
  } catch {
    return null;
  }
}

function write(session: AdminSession | null) {
  current = session;
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

export function adminToken(): string | null {
  return current?.token ?? null;
}

/** Every console call: the staff member's bearer, and a 401 (suspended, expired) signs the console out. */
export const consoleApi = authorizedApi({ token: adminToken, onUnauthorized: () => signOut() });

/** Signs in through POST /login; a non-staff account is refused with `notStaff`. */
export async function signIn(email: string, password: string): Promise<'ok' | 'notStaff'> {
  const session = await api.post<SessionDocument>(`${API.users}/login`, {
    data: { type: 'sessions', attributes: { email, password } },
  });
  const token = session.data.attributes.token.value;
  const user = await api.get<UserDocument>(`${API.users}/user`, { headers: bearerHeader(token) });
  const { permissions } = user.data.attributes;
  if (!isStaff(permissions)) return 'notStaff';
  write({
    token,
    userId: session.data.attributes.userId,
    email: user.data.attributes.email ?? email,
    permissions,
  });
  return 'ok';
}

export function signOut(): void {
  write(null);
}

/**
 * The staff member signs out: the console forgets the session at once, and the server ends its
 * tokens (POST /logout), so a copied token stops working too. A failed call (already expired,
 * offline) changes nothing for the person: they are signed out of this console either way.
 */
export async function endSession(): Promise<void> {
  const token = current?.token;
  write(null);
  if (!token) return;
  await api.post(`${API.users}/logout`, undefined, { headers: bearerHeader(token) }).catch(() => undefined);
}

import type { SessionDocument } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { tokenRefreshDelayMs } from '@cwh/domain';
import { api } from '../../lib/api-client';
import { getSession, updateSession } from './session-store';

let timer: ReturnType<typeof setTimeout> | undefined;

export function cancelTokenRefresh(): void {
  clearTimeout(timer);
  timer = undefined;
}

/** Refreshes the player token now (POST /login/refresh) and stores the new pair. */
export async function refreshTokenNow(): Promise<boolean> {
  const refresh = getSession().refreshToken;
  if (!refresh) return false;
  try {
    const document = await api.post<SessionDocument>(`${API.users}/login/refresh`, {
      data: { attributes: { refreshToken: refresh.value } },
    });
    const { token, refreshToken } = document.data.attributes;
    updateSession({ scToken: token, refreshToken });
    return true;
  } catch {
    return false;
  }
}

/** Spec 4: refresh one minute before expiry, then again for the next token. */
export function scheduleTokenRefresh(now: () => number = Date.now): void {
  cancelTokenRefresh();
  const token = getSession().scToken;
  if (!token) return;
  timer = setTimeout(
    async () => {
      // A long-lived token's delay is clamped to what a timer holds: when such a timer fires
      // early, wait again instead of refreshing a token that is far from expiry.
      if (tokenRefreshDelayMs(token, now()) > 0) scheduleTokenRefresh(now);
      else if (await refreshTokenNow()) scheduleTokenRefresh(now);
    },
    tokenRefreshDelayMs(token, now()),
  );
}

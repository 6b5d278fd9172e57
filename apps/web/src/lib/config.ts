import { DEFAULT_TENANT } from '@cwh/contract/constants';
import { LOCALE_COOKIE_MAX_AGE_MS } from '@cwh/domain';

/** A link setting: the trimmed value, or null when it is not configured (the link is then not shown). */
export function linkSetting(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Runtime settings of the web hub, overridable at build time through Vite env variables. */
export const config = {
  /** Optional proxy prefix put before every API path (spec 7). */
  apiPrefix: import.meta.env.VITE_API_PREFIX ?? '',
  tenant: (import.meta.env.VITE_TENANT as string | undefined) ?? DEFAULT_TENANT,
  /**
   * Where Contact Support leads (VITE_SUPPORT_URL at build). No invented default: without one the
   * support links are not shown.
   */
  supportUrl: linkSetting(import.meta.env.VITE_SUPPORT_URL),
  /** The community chat server (VITE_COMMUNITY_CHAT_URL at build); null hides its links. */
  communityChatUrl: linkSetting(import.meta.env.VITE_COMMUNITY_CHAT_URL),
};

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = LOCALE_COOKIE_MAX_AGE_MS / 86_400_000;

import { DEFAULT_TENANT } from '@cwh/contract/constants';
import { LOCALE_COOKIE_MAX_AGE_MS } from '@cwh/domain';

/** Runtime settings of the web hub, overridable at build time through Vite env variables. */
export const config = {
  /** Optional proxy prefix put before every API path (spec 7). */
  apiPrefix: import.meta.env.VITE_API_PREFIX ?? '',
  tenant: (import.meta.env.VITE_TENANT as string | undefined) ?? DEFAULT_TENANT,
  supportUrl: (import.meta.env.VITE_SUPPORT_URL as string | undefined) ?? 'mailto:support@clanwarhub.gg',
  communityChatUrl: (import.meta.env.VITE_COMMUNITY_CHAT_URL as string | undefined) ?? 'https://discord.com',
};

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = LOCALE_COOKIE_MAX_AGE_MS / 86_400_000;

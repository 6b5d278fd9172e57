import type { CountryDocument } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { COUNTRY_COOKIE_MAX_AGE_MS, DEFAULT_COUNTRY } from '@cwh/domain';
import { api } from '../../lib/api-client';
import { readCookie, writeCookie } from '../../lib/cookies';

export const COUNTRY_COOKIE = 'country';
const COUNTRY_COOKIE_DAYS = COUNTRY_COOKIE_MAX_AGE_MS / 86_400_000;

/** The visitor's country (GET /api/hub/1.0/country), kept in a cookie for 30 minutes; XX when unknown. */
export async function resolveCountry(): Promise<string> {
  const cached = readCookie(COUNTRY_COOKIE);
  if (cached && /^[A-Z]{2}$/.test(cached)) return cached;
  let country = DEFAULT_COUNTRY;
  try {
    const document = await api.get<CountryDocument>(`${API.hub}/country`);
    const value = document.data.attributes.country?.toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value)) country = value;
  } catch {
    // unknown country: XX
  }
  writeCookie(COUNTRY_COOKIE, country, COUNTRY_COOKIE_DAYS);
  return country;
}

/** Chinese-region texts name the Chinese messaging app; everything else the community chat. */
export const CHINESE_COUNTRIES = ['CN'] as const;

export function isChineseCountry(...countries: (string | null | undefined)[]): boolean {
  return countries.some(
    (c) => c != null && (CHINESE_COUNTRIES as readonly string[]).includes(c.toUpperCase()),
  );
}

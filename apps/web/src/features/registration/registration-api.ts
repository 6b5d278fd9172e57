import type {
  AgeGateDocument,
  ChatAccountDocument,
  ClanUserBody,
  ClanUserDocument,
  DiscordAuthorizationUrlDocument,
} from '@cwh/contract';
import { AGE_GATE_PATH, API } from '@cwh/contract/constants';
import { ApiError } from '../../lib/api-client';
import { readCookie, writeCookie } from '../../lib/cookies';
import { adoptHubUser } from '../session/load-session';
import { authApi } from '../session/session-api';

/** Set once the age service said "gated"; later visits go straight to the gate page (spec 5). */
export const UNDER_AGE_COOKIE = 'underAge';
const UNDER_AGE_COOKIE_DAYS = 365;
const DATE_OF_BIRTH_KEY = 'cwh.dateOfBirth';

export function isUnderAge(cookie: string = document.cookie): boolean {
  return readCookie(UNDER_AGE_COOKIE, cookie) === '1';
}

export function markUnderAge(): void {
  writeCookie(UNDER_AGE_COOKIE, '1', UNDER_AGE_COOKIE_DAYS);
}

/**
 * POST /api/age/1.0/age-gate: true when gated (status 200). A failing age check is ignored (spec 5):
 * it answers false.
 */
export async function checkAge(dateOfBirth: string): Promise<boolean> {
  try {
    const response = await authApi.post<AgeGateDocument | null>(`${API.age}${AGE_GATE_PATH}`, {
      data: { attributes: { dateOfBirth } },
    });
    return response !== null && response !== undefined;
  } catch {
    return false;
  }
}

export function rememberDateOfBirth(value: string): void {
  try {
    sessionStorage.setItem(DATE_OF_BIRTH_KEY, value);
  } catch {
    // the server keeps it too (POST /age-gate stores it on the player's profile)
  }
}

export function rememberedDateOfBirth(): string | null {
  try {
    return sessionStorage.getItem(DATE_OF_BIRTH_KEY);
  } catch {
    return null;
  }
}

export type ProfileFields = Omit<ClanUserBody['data']['attributes'], 'dateOfBirth'>;

/**
 * POST /api/clan/1.0/user: creates the player's hub account. The session gains its hub user at once
 * (the player token now carries it), so everything bound to the user (the live connection first)
 * follows in this visit, without a reload or a new sign-in. Answers the new user's id.
 */
export async function createProfile(fields: ProfileFields, dateOfBirth: string | null): Promise<string> {
  const document = await authApi.post<ClanUserDocument>(`${API.clan}/user`, {
    data: { attributes: { ...fields, ...(dateOfBirth ? { dateOfBirth } : {}) } },
  });
  adoptHubUser(document.data.id);
  return document.data.id;
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** Community chat (Discord) OAuth: where to send the player, and the exchange on return. */
export async function discordAuthorizationUrl(returnUri: string): Promise<string> {
  const document = await authApi.get<DiscordAuthorizationUrlDocument>(
    `${API.users}/oauth/discord/authorization_url`,
    {
      query: { return_uri: returnUri },
    },
  );
  return document.data.attributes.url;
}

export async function discordAccessToken(
  code: string,
  returnUri: string,
  state: string | null,
): Promise<string> {
  const document = await authApi.get<ChatAccountDocument>(`${API.users}/oauth/discord/access_token`, {
    query: { code, return_uri: returnUri, state: state ?? undefined },
  });
  return document.data.attributes.username;
}

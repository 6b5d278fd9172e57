import { z } from 'zod';
import {
  DEFAULT_DISCORD_API_BASE_URL,
  DEFAULT_DISCORD_AUTHORIZE_URL,
} from '../features/oauth/discord-client.js';
import type { GameMode } from '../game/create-game-adapter.js';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Environment of the players-and-teams features (read by config.ts). */
export const playersEnvSchema = z.object({
  GAME_MODE: z.enum(['simulated', 'official']).default('simulated'),
  COC_API_KEY: optionalString,
  COC_API_BASE_URL: optionalString.pipe(z.url().optional()),
  /** Under this age a player is gated (GET/POST /api/age/1.0/age-gate answer 200). */
  MIN_AGE: z.coerce.number().int().min(0).max(99).default(13),
  /** Cloudflare-trace style endpoint (`loc=CA`); unset: cf-ipcountry / x-country headers, else 'XX'. */
  COUNTRY_TRACE_URL: optionalString.pipe(z.url().optional()),
  /** Countries (ISO codes, comma-separated) whose players may not register: error 29. Empty: none. */
  BANNED_COUNTRIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ''),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'two-letter ISO country codes'))),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_API_BASE_URL: z.url().default(DEFAULT_DISCORD_API_BASE_URL),
  DISCORD_AUTHORIZE_URL: z.url().default(DEFAULT_DISCORD_AUTHORIZE_URL),
});

export interface PlayersConfig {
  gameMode: GameMode;
  cocApiKey: string | undefined;
  cocApiBaseUrl: string | undefined;
  minAge: number;
  countryTraceUrl: string | undefined;
  bannedCountries: string[];
  discordClientId: string | undefined;
  discordClientSecret: string | undefined;
  discordApiBaseUrl: string;
  discordAuthorizeUrl: string;
}

export function toPlayersConfig(e: z.infer<typeof playersEnvSchema>): PlayersConfig {
  return {
    gameMode: e.GAME_MODE,
    cocApiKey: e.COC_API_KEY,
    cocApiBaseUrl: e.COC_API_BASE_URL,
    minAge: e.MIN_AGE,
    countryTraceUrl: e.COUNTRY_TRACE_URL,
    bannedCountries: e.BANNED_COUNTRIES,
    discordClientId: e.DISCORD_CLIENT_ID,
    discordClientSecret: e.DISCORD_CLIENT_SECRET,
    discordApiBaseUrl: e.DISCORD_API_BASE_URL,
    discordAuthorizeUrl: e.DISCORD_AUTHORIZE_URL,
  };
}

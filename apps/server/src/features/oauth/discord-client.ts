import { DomainError } from '../../errors/domain-error.js';

export const DEFAULT_DISCORD_API_BASE_URL = 'https://discord.com/api';
export const DEFAULT_DISCORD_AUTHORIZE_URL = 'https://discord.com/oauth2/authorize';

export interface DiscordConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Token exchange at {base}/oauth2/token, user at {base}/users/@me. */
  apiBaseUrl: string;
  authorizeUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface DiscordUser {
  id: string;
  username: string;
}

/** The two calls of Discord's authorization-code flow the hub needs. */
export function createDiscordClient(config: DiscordConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiBaseUrl.replace(/\/+$/, '');
  const timeout = () => AbortSignal.timeout(config.timeoutMs ?? 5_000);

  function credentials() {
    if (!config.clientId || !config.clientSecret) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'Discord is not configured (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET)',
      );
    }
    return { clientId: config.clientId, clientSecret: config.clientSecret };
  }

  return {
    authorizationUrl(returnUri: string, state: string): string {
      const { clientId } = credentials();
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: returnUri,
        response_type: 'code',
        scope: 'identify',
        state,
        prompt: 'consent',
      }).toString();
      return url.toString();
    },

    async exchange(code: string, returnUri: string): Promise<DiscordUser> {
      const { clientId, clientSecret } = credentials();
      let tokenResponse: Response;
      try {
        tokenResponse = await doFetch(`${base}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            client_id: clientId,
            client_secret: clientSecret,
            grant_type: 'authorization_code',
            code,
            redirect_uri: returnUri,
          }),
          signal: timeout(),
        });
      } catch (error) {
        throw new DomainError('SERVICE_UNAVAILABLE', 'Discord did not answer', { cause: error });
      }
      if (tokenResponse.status === 400 || tokenResponse.status === 401) {
        throw new DomainError('VALIDATION_FAILED', 'Discord refused the authorization code', {
          source: { parameter: 'code' },
        });
      }
      if (!tokenResponse.ok)
        throw new DomainError('SERVICE_UNAVAILABLE', `Discord answered ${tokenResponse.status}`);
      const token = (await tokenResponse.json().catch(() => null)) as { access_token?: unknown } | null;
      if (typeof token?.access_token !== 'string')
        throw new DomainError('SERVICE_UNAVAILABLE', 'Discord sent no access token');

      let userResponse: Response;
      try {
        userResponse = await doFetch(`${base}/users/@me`, {
          headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
          signal: timeout(),
        });
      } catch (error) {
        throw new DomainError('SERVICE_UNAVAILABLE', 'Discord did not answer', { cause: error });
      }
      if (!userResponse.ok)
        throw new DomainError('SERVICE_UNAVAILABLE', `Discord answered ${userResponse.status}`);
      const user = (await userResponse.json().catch(() => null)) as {
        id?: unknown;
        username?: unknown;
      } | null;
      if (typeof user?.id !== 'string' || typeof user.username !== 'string') {
        throw new DomainError('SERVICE_UNAVAILABLE', 'Discord sent an unexpected user');
      }
      return { id: user.id, username: user.username };
    },
  };
}
export type DiscordClient = ReturnType<typeof createDiscordClient>;

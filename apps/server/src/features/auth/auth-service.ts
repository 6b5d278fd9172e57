import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { generateToken, hashToken } from './opaque-token.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { createTokenRepository } from './token-repository.js';
import { createUserRepository } from './user-repository.js';

export interface AuthServiceOptions {
  tokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  now: () => Date;
}

export interface IssuedSession {
  id: string;
  userId: string;
  accessToken: { value: string; expires: Date };
  refreshToken: { value: string; expires: Date };
}

/** A suspended account's 401: `meta.reason` lets the hub say so in the player's language. */
export const suspended = () =>
  new DomainError('UNAUTHENTICATED', 'This account is suspended', { meta: { reason: 'ACCOUNT_SUSPENDED' } });
/** A bearer token that is no live access token (of a hub user, or of a player: player-auth.ts). */
export const invalidAccessToken = () =>
  new DomainError('UNAUTHENTICATED', 'Access token is invalid or expired');
const invalidCredentials = () => new DomainError('UNAUTHENTICATED', 'Invalid e-mail or password');

export function createAuthService(db: Db, options: AuthServiceOptions) {
  const usersRepo = createUserRepository(db);
  const tokens = createTokenRepository(db);

  async function issue(userId: string, tx: Parameters<typeof tokens.insert>[1]): Promise<IssuedSession> {
    const now = options.now();
    const access = generateToken();
    const refresh = generateToken();
    const accessExpires = new Date(now.getTime() + options.tokenTtlSeconds * 1000);
    const refreshExpires = new Date(now.getTime() + options.refreshTokenTtlSeconds * 1000);
    const sessionId = randomUUID();
    const row = await tokens.insert(
      { userId, kind: 'access', tokenHash: hashToken(access), expiresAt: accessExpires, sessionId },
      tx,
    );
    await tokens.insert(
      { userId, kind: 'refresh', tokenHash: hashToken(refresh), expiresAt: refreshExpires, sessionId },
      tx,
    );
    await tokens.deleteExpiredForUser(userId, now, tx);
    return {
      id: row.id,
      userId,
      accessToken: { value: access, expires: accessExpires },
      refreshToken: { value: refresh, expires: refreshExpires },
    };
  }

  return {
    async login(email: string, password: string): Promise<IssuedSession> {
      const user = await usersRepo.findByEmail(email);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !ok) throw invalidCredentials();
      // Checked after the password so a guesser learns nothing about the account's state.
      if (user.suspendedAt) throw suspended();
      return db.transaction((tx) => issue(user.id, tx));
    },

    /** Rotates: the presented refresh token is spent and a fresh pair is issued, atomically. */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      return db.transaction(async (tx) => {
        const stored = await tokens.consumeRefresh(hashToken(refreshToken), options.now(), tx);
        if (!stored) throw new DomainError('UNAUTHENTICATED', 'Refresh token is invalid or expired');
        if ((await usersRepo.getById(stored.userId, tx)).suspendedAt) throw suspended();
        // The access token issued with the spent refresh token ends with it.
        if (stored.sessionId) await tokens.deleteSession(stored.sessionId, tx);
        return issue(stored.userId, tx);
      });
    },

    /** Sign-out: the access token and the refresh token issued with it stop working. */
    async logout(accessToken: string): Promise<void> {
      await db.transaction((tx) => tokens.revokeByAccessHash(hashToken(accessToken), tx));
    },

    getUser: (id: string) => usersRepo.getById(id),

    /** The user with their linked game accounts (oldest first), for GET /user. */
    async getProfile(id: string) {
      const user = await usersRepo.getById(id);
      return { user, gameAccounts: await usersRepo.gameAccountsOf(id) };
    },
  };
}
/** The hub users' sessions; bearer tokens of both kinds are checked by `withPlayerTokens`. */
export type BaseAuthService = ReturnType<typeof createAuthService>;
/** What routes and `app.authenticate` use: the sessions, and one lookup of either kind of token. */
export type AuthService = BaseAuthService & { authenticate(accessToken: string): Promise<AuthUser> };

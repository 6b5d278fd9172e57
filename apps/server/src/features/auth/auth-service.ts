import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { generateToken, hashToken } from './opaque-token.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { refreshRefusal, refreshVerdict } from './refresh-rotation.js';
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

  async function issue(
    userId: string,
    tx: Parameters<typeof tokens.insert>[1],
    sessionId: string = randomUUID(),
  ): Promise<IssuedSession> {
    const now = options.now();
    const access = generateToken();
    const refresh = generateToken();
    const accessExpires = new Date(now.getTime() + options.tokenTtlSeconds * 1000);
    const refreshExpires = new Date(now.getTime() + options.refreshTokenTtlSeconds * 1000);
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
      return runInUnitOfWork({ db, now: options.now }, SYSTEM_ACTOR, (tx) => issue(user.id, tx));
    },

    /**
     * Rotates: the presented refresh token is spent, the session's access token ends and a fresh pair
     * is issued in the same session family, atomically. A spent token presented again ends the
     * whole family (refresh-rotation.ts).
     */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const outcome = await runInUnitOfWork({ db, now: options.now }, SYSTEM_ACTOR, async (tx) => {
        const now = options.now();
        const found = await tokens.findRefreshForUpdate(hashToken(refreshToken), tx);
        const verdict = refreshVerdict(found, now);
        if (verdict.kind === 'invalid' || !found) return { refused: 'invalid' as const };
        if (verdict.kind === 'reused') {
          if (verdict.sessionId) await tokens.deleteSession(verdict.sessionId, tx);
          else await tokens.deleteById(found.id, tx);
          return { refused: 'reused' as const };
        }
        if ((await usersRepo.getById(found.userId, tx)).suspendedAt) throw suspended();
        await tokens.spendRefresh(found.id, now, tx);
        if (verdict.sessionId) await tokens.deleteSessionAccess(verdict.sessionId, tx);
        return { refused: null, session: await issue(found.userId, tx, verdict.sessionId ?? undefined) };
      });
      if (outcome.refused) throw refreshRefusal(outcome.refused);
      return outcome.session;
    },

    /** Sign-out: the access token and the refresh token issued with it stop working. */
    /** Whether the token was a hub user's access token (its session then ended). */
    logout: (accessToken: string): Promise<boolean> =>
      runInUnitOfWork({ db, now: options.now }, SYSTEM_ACTOR, (tx) =>
        tokens.revokeByAccessHash(hashToken(accessToken), tx),
      ),

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

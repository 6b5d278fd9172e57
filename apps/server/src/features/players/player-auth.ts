import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import type { AuthUser } from '../../http/fastify-types.js';
import {
  type AuthService,
  type BaseAuthService,
  type IssuedSession,
  invalidAccessToken,
  suspended,
} from '../auth/auth-service.js';
import { generateToken, hashToken } from '../auth/opaque-token.js';
import { refreshRefusal, refreshVerdict } from '../auth/refresh-rotation.js';
import { createPlayerRepository } from './player-repository.js';
import { createPlayerTokenRepository } from './player-token-repository.js';

/** The verified player behind a bearer player token. */
export interface AuthPlayer {
  tag: string;
  /** The hub user of the player, once they created one (POST /api/clan/1.0/user). */
  userId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticatePlayer` (player token), or null for a hub-user token without a player. */
    player: AuthPlayer | null;
  }
  interface FastifyInstance {
    /** preHandler: a bearer player token, or a hub-user token; sets request.player and request.user. */
    authenticatePlayer: (request: FastifyRequest) => Promise<void>;
  }
}

export interface PlayerSession {
  playerTag: string;
  userId: string | null;
  id: string;
  accessToken: { value: string; expires: Date };
  refreshToken: { value: string; expires: Date };
}

export interface PlayerAuthOptions {
  tokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  now: () => Date;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** Player tokens: issued by the game-user lookup, bound to a player tag and maybe a hub user. */
export function createPlayerAuth(db: Db, options: PlayerAuthOptions) {
  const players = createPlayerRepository(db);
  const tokens = createPlayerTokenRepository(db);

  async function issue(
    playerTag: string,
    userId: string | null,
    tx: Executor,
    sessionId: string = randomUUID(),
  ): Promise<PlayerSession> {
    const now = options.now();
    const access = generateToken();
    const refresh = generateToken();
    const accessExpires = new Date(now.getTime() + options.tokenTtlSeconds * 1000);
    const refreshExpires = new Date(now.getTime() + options.refreshTokenTtlSeconds * 1000);
    const pair = { playerTag, userId, sessionId };
    const row = await tokens.insert(
      { ...pair, kind: 'access', tokenHash: hashToken(access), expiresAt: accessExpires },
      tx,
    );
    await tokens.insert(
      { ...pair, kind: 'refresh', tokenHash: hashToken(refresh), expiresAt: refreshExpires },
      tx,
    );
    await tokens.deleteExpired(playerTag, now, tx);
    return {
      id: row.id,
      playerTag,
      userId,
      accessToken: { value: access, expires: accessExpires },
      refreshToken: { value: refresh, expires: refreshExpires },
    };
  }

  return {
    issue: (playerTag: string, userId: string | null, tx: Executor = db) => issue(playerTag, userId, tx),

    /**
     * A bearer token of either kind in one lookup: a player token (its player and hub user), a hub-user
     * token (its user, no player), or null when it is neither (the caller answers 401).
     */
    async authenticateAny(
      accessToken: string,
    ): Promise<{ player: AuthPlayer | null; user: AuthUser | null } | null> {
      const row = await players.findAnyAccess(hashToken(accessToken), options.now());
      if (!row) return null;
      if (row.kind === 'user') return { player: null, user: row.user };
      // The player's hub user is suspended (or gone): the player token stops working with it.
      if (row.userId && !row.user) throw suspended();
      return { player: { tag: row.playerTag, userId: row.user?.id ?? null }, user: row.user };
    },

    /**
     * Rotates a player refresh token in its session family (as hub users' are: refresh-rotation.ts);
     * null when the token is no player refresh token at all. A spent one presented again ends the
     * family and is refused.
     */
    async refresh(refreshToken: string): Promise<PlayerSession | null> {
      const outcome = await runInUnitOfWork({ db, now: options.now }, SYSTEM_ACTOR, async (tx) => {
        const now = options.now();
        const found = await tokens.findRefreshForUpdate(hashToken(refreshToken), tx);
        if (!found) return { refused: null, session: null };
        const verdict = refreshVerdict(found, now);
        if (verdict.kind === 'invalid') return { refused: 'invalid' as const, session: null };
        if (verdict.kind === 'reused') {
          await tokens.deleteFamily(found, tx);
          return { refused: 'reused' as const, session: null };
        }
        await tokens.spendRefresh(found.id, now, tx);
        if (found.sessionId) await tokens.deleteSessionAccess(found.sessionId, tx);
        return {
          refused: null,
          session: await issue(found.playerTag, found.userId, tx, found.sessionId ?? undefined),
        };
      });
      if (outcome.refused) throw refreshRefusal(outcome.refused);
      return outcome.session;
    },

    /** Sign-out with a player access token: its family ends; false when it is no player token. */
    logout: (accessToken: string) =>
      runInUnitOfWork({ db, now: options.now }, SYSTEM_ACTOR, (tx) =>
        tokens.revokeByAccessHash(hashToken(accessToken), tx),
      ),
  };
}
export type PlayerAuth = ReturnType<typeof createPlayerAuth>;

/**
 * The auth service seen by /login/refresh and `app.authenticate`: player tokens work wherever
 * hub-user tokens do (a player without a hub user is refused where a user is needed).
 */
export function withPlayerTokens(auth: BaseAuthService, playerAuth: PlayerAuth): AuthService {
  return {
    ...auth,
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const session = await playerAuth.refresh(refreshToken);
      if (!session) return auth.refresh(refreshToken);
      return { ...session, userId: session.userId ?? '' };
    },
    /** Sign-out with either kind of access token: its session family ends; whether it was one. */
    async logout(accessToken: string): Promise<boolean> {
      return (await playerAuth.logout(accessToken)) || auth.logout(accessToken);
    },
    async authenticate(accessToken: string): Promise<AuthUser> {
      const found = await playerAuth.authenticateAny(accessToken);
      // Neither kind: the lookup of both already said so, no second query.
      if (!found) throw invalidAccessToken();
      if (!found.user) throw new DomainError('UNAUTHENTICATED', 'This player has no hub user yet');
      return found.user;
    },
  };
}

/** Decorates `app.authenticatePlayer` for the hub, clan, age and chat services. */
export function registerPlayerAuthenticate(app: FastifyInstance, playerAuth: PlayerAuth) {
  app.decorateRequest('player', null);
  app.decorate('authenticatePlayer', async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
    const found = await playerAuth.authenticateAny(match[1]);
    if (found) {
      request.player = found.player;
      request.user = found.user;
      return;
    }
    // Neither kind: the lookup of both already said so, no second query.
    throw invalidAccessToken();
  });
}

/** The verified player of the request, or 401. */
export function requirePlayer(request: FastifyRequest): AuthPlayer {
  if (!request.player)
    throw new DomainError(
      'UNAUTHENTICATED',
      'A verified player token is required (POST /api/hub/1.0/game-user)',
    );
  return request.player;
}

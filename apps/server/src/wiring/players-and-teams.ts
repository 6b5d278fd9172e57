import { randomBytes } from 'node:crypto';
import { API, SIMULATOR_API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { ageRoutes } from '../features/age/age-routes.js';
import type { WithdrawnRoster } from '../features/clan/clan-context.js';
import { clanRoutes } from '../features/clan/clan-routes.js';
import { createClanService } from '../features/clan/clan-service.js';
import { countryRoutes } from '../features/country/country-routes.js';
import { gameUserRoutes } from '../features/game-user/game-user-routes.js';
import { createGameUserService } from '../features/game-user/game-user-service.js';
import { countGameCalls } from '../features/metrics/metrics.js';
import { createDiscordClient } from '../features/oauth/discord-client.js';
import { oauthRoutes } from '../features/oauth/oauth-routes.js';
import { type PlayerAuth, registerPlayerAuthenticate } from '../features/players/player-auth.js';
import { rosterRoutes } from '../features/rosters/roster-routes.js';
import { simulatorRoutes } from '../features/simulator/simulator-routes.js';
import { createGameAdapter } from '../game/create-game-adapter.js';
import type { GameAdapter } from '../game/index.js';
import type { DbSimGame } from '../game/simulated/db-sim-game.js';
import type { FailureLimit } from '../http/rate-limit.js';
import type { TransactionHook } from '../lib/transaction-hooks.js';
import type { PlayersConfig } from './players-config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game adapter chosen by GAME_MODE (war creation and results for the match features). */
    game: GameAdapter;
  }
}

export interface PlayersAndTeamsDeps {
  config: PlayersConfig;
  db: Db;
  playerAuth: PlayerAuth;
  now: () => Date;
  /** Failed API-token checks of the game-user lookup, per IP. */
  gameUserTokenLimit: FailureLimit;
  /** Run in the transaction of a team withdrawal (the ladder adds its own when it registers). */
  rosterWithdrawnHooks?: readonly TransactionHook<WithdrawnRoster>[];
}

/**
 * Players and teams: the game adapter, identity (game-user lookup, player tokens), age gate,
 * country, Discord OAuth, the clan service, platform rosters and the simulator API. Lives outside
 * `features/` because it composes several capabilities; returns the game adapter in use.
 */
export async function registerPlayersAndTeams(
  app: FastifyInstance,
  deps: PlayersAndTeamsDeps,
): Promise<{ game: GameAdapter; sim: DbSimGame | null }> {
  const { config, db, now } = deps;
  const created = await createGameAdapter(config, db, now);
  // Counted for /metrics (game API calls by status); the simulator routes keep the raw adapter.
  const game = countGameCalls(created.adapter, app.metrics.gameCalls);
  app.decorate('game', game);
  registerPlayerAuthenticate(app, deps.playerAuth);

  await app.register(
    gameUserRoutes(createGameUserService(db, game, deps.playerAuth, now), {
      tokenLimit: deps.gameUserTokenLimit,
    }),
    { prefix: API.hub },
  );
  await app.register(countryRoutes({ countryTraceUrl: config.countryTraceUrl }), { prefix: API.hub });
  await app.register(
    clanRoutes(
      createClanService(db, game, {
        now,
        minimumAge: config.minAge,
        rosterWithdrawnHooks: deps.rosterWithdrawnHooks ?? [],
      }),
      { bannedCountries: config.bannedCountries, countryTraceUrl: config.countryTraceUrl },
    ),
    {
      prefix: API.clan,
    },
  );
  await app.register(ageRoutes(db, { minimumAge: config.minAge, now }), { prefix: API.age });
  const discord = createDiscordClient({
    clientId: config.discordClientId,
    clientSecret: config.discordClientSecret,
    apiBaseUrl: config.discordApiBaseUrl,
    authorizeUrl: config.discordAuthorizeUrl,
  });
  // The client secret signs OAuth states so every instance can check them; without Discord a
  // per-process key is enough because the calls are refused anyway.
  const stateKey = config.discordClientSecret ?? randomBytes(32).toString('hex');
  await app.register(oauthRoutes(db, discord, { stateKey, now }), { prefix: API.users });
  await app.register(rosterRoutes(db, game, { now }), { prefix: API.tournaments });
  if (created.kind === 'simulated') {
    await app.register(simulatorRoutes(created.adapter), { prefix: SIMULATOR_API });
  }
  return { game, sim: created.kind === 'simulated' ? created.adapter : null };
}

import { SIMULATOR_API } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  bearer,
  describeEachDatabase,
  jsonApiBody,
  jsonApiRequest,
  loginAsAdmin,
  testConfig,
} from '../harness.js';
import { createHubUser, T } from '../players/players-helpers.js';

const closed = { ...testConfig().hardening, simulatorOpen: false };

describeEachDatabase(
  'the simulator answers admins only unless SIMULATOR_OPEN',
  (ctx) => {
    const readTokens = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `${SIMULATOR_API}/players`, headers });
    const movePlayer = (headers: Record<string, string> = {}) =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'PATCH',
          url: `${SIMULATOR_API}/players/${encodeURIComponent(T.member)}`,
          headers,
          payload: jsonApiBody({ clanTag: null }),
        }),
      );

    it('role × action: anonymous 401, a signed-in player 403, the admin 200', async () => {
      // The hub user is created while the simulator is still needed by the helper: through the lookup only.
      const player = await createHubUser(ctx.app, T.leader);
      const admin = await loginAsAdmin(ctx.app);
      const rows: [string, Record<string, string>, number][] = [
        ['anonymous', {}, 401],
        ['bad token', bearer('not-a-token'), 401],
        ['player', bearer(player.token), 403],
        ['admin', bearer(admin.token.value), 200],
      ];
      for (const [who, headers, status] of rows) {
        expect((await readTokens(headers)).statusCode, `${who} reads tokens`).toBe(status);
      }
      for (const [who, headers, status] of rows.slice(0, 3)) {
        expect((await movePlayer(headers)).statusCode, `${who} moves a player`).toBe(status);
      }
      // Nothing moved: the member is still in the clan.
      const after = await ctx.app.inject({
        method: 'GET',
        url: `${SIMULATOR_API}/players/${encodeURIComponent(T.member)}`,
        headers: bearer(admin.token.value),
      });
      expect(after.json().data.attributes.clanTag).not.toBeNull();
      const wars = await ctx.app.inject({ method: 'GET', url: `${SIMULATOR_API}/wars/x` });
      expect(wars.statusCode).toBe(401);
    });
  },
  { config: { hardening: closed } },
);

describe('simulator and game mode configuration', () => {
  it('is closed by default, and open only with SIMULATOR_OPEN=true', () => {
    expect(loadConfig({}).hardening).toMatchObject({ simulatorEnabled: true, simulatorOpen: false });
    expect(loadConfig({ SIMULATOR_OPEN: 'true' }).hardening.simulatorOpen).toBe(true);
  });

  it('does not exist on PostgreSQL unless SIMULATOR_ON_DATABASE_URL', () => {
    const url = 'postgres://x@h/db';
    expect(loadConfig({ DATABASE_URL: url, SIMULATOR_OPEN: 'true' }).hardening.simulatorEnabled).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: url, SIMULATOR_ON_DATABASE_URL: 'true' }).hardening.simulatorEnabled,
    ).toBe(true);
    expect(loadConfig({ GAME_MODE: 'official' }).hardening.simulatorEnabled).toBe(false);
  });

  it('refuses to start the simulated game in production unless told to', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/GAME_MODE=simulated/);
    expect(loadConfig({ NODE_ENV: 'production', GAME_MODE: 'official' }).gameMode).toBe('official');
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SIMULATED_GAME_IN_PRODUCTION: 'true' }).gameMode).toBe(
      'simulated',
    );
  });

  it.each([
    ['unset', undefined, false],
    ['false', 'false', false],
    ['a hop count', '2', 2],
    ['a list of proxies', '10.0.0.1, 10.1.0.0/16', ['10.0.0.1', '10.1.0.0/16']],
    ['named ranges', 'loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('TRUST_PROXY %s', (_why, value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.1/abc'])('TRUST_PROXY=%s is refused', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

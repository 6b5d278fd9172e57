import { SIMULATOR_API, simClanListDocument, simPlayerListDocument } from '@cwh/contract';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SIM_CLAN_TAGS, SIM_PLAYER_TAGS, simPlayers } from '../../src/game/index.js';
import { DbSimGame } from '../../src/game/simulated/db-sim-game.js';
import { describeEachDatabase, jsonApiRequest, testConfig, withTestApp } from '../harness.js';
import { checkInjectedAnswers } from '../jsonapi-conformance.js';
import { createTestDatabase, describeEachKind } from '../test-database.js';
import {
  clanCall,
  createHubUser,
  errorCode,
  gameUser,
  simPatchClan,
  simPatchPlayer,
  T,
} from './players-helpers.js';

const S = SIMULATOR_API;

describeEachDatabase(
  'simulator API',
  (ctx) => {
    it('lists every player with their API token, or one clan', async () => {
      const all = simPlayerListDocument.parse(
        (await ctx.app.inject({ method: 'GET', url: `${S}/players` })).json(),
      );
      expect(all.data).toHaveLength(simPlayers.length);
      expect(all.data[0]!.attributes.apiToken).toBe(`sim-token-${all.data[0]!.attributes.tag.slice(1)}`);
      const titans = (
        await ctx.app.inject({
          method: 'GET',
          url: `${S}/players?filter[clan]=${encodeURIComponent(SIM_CLAN_TAGS.atlantaTitans)}`,
        })
      ).json();
      expect(titans.data).toHaveLength(10);
      const clans = simClanListDocument.parse(
        (await ctx.app.inject({ method: 'GET', url: `${S}/clans` })).json(),
      );
      expect(clans.data.find((c) => c.id === SIM_CLAN_TAGS.ironVanguard)!.attributes.warStatus).toBe(
        'clanWar',
      );
    });

    it('changes role, town hall level and clan; the hub sees it at once', async () => {
      await simPatchPlayer(ctx.app, T.elder, { role: 'coLeader' });
      expect((await gameUser(ctx.app, T.elder)).meta.role).toBe('coLeader');
      await simPatchPlayer(ctx.app, T.elder, { townHallLevel: 16 });
      expect((await gameUser(ctx.app, T.elder)).meta.thLevel).toBe(16);
      await simPatchPlayer(ctx.app, T.elder, { clanTag: null });
      expect((await gameUser(ctx.app, T.elder)).body.errors[0].code).toBe('NO_CLAN');
      const moved = await simPatchPlayer(ctx.app, T.elder, {
        clanTag: SIM_CLAN_TAGS.nordicRaiders.slice(1).toLowerCase(),
      });
      expect(moved.data.attributes).toMatchObject({ clanTag: SIM_CLAN_TAGS.nordicRaiders, role: 'member' });
    });

    it('bans and unbans a player', async () => {
      await simPatchPlayer(ctx.app, T.member, { banned: true });
      expect((await gameUser(ctx.app, T.member)).body.errors[0].code).toBe('PLAYER_BANNED');
      await simPatchPlayer(ctx.app, T.member, { banned: false });
      expect((await gameUser(ctx.app, T.member)).body.errors[0].code).toBe('INSUFFICIENT_ROLE');
    });

    it('puts a clan in a war and toggles its war log', async () => {
      const war = await simPatchClan(ctx.app, SIM_CLAN_TAGS.twelveTowers, {
        warStatus: 'friendlyWar',
        isWarLogPublic: false,
      });
      expect(war.data.attributes).toMatchObject({
        warStatus: 'friendlyWar',
        isWarLogPublic: false,
        thLevel: 12,
      });
      const sim = new DbSimGame(ctx.database.db, () => new Date());
      await expect(sim.getWarStatus(SIM_CLAN_TAGS.twelveTowers)).rejects.toMatchObject({
        kind: 'war_log_private',
      });
      await simPatchClan(ctx.app, SIM_CLAN_TAGS.twelveTowers, { isWarLogPublic: true });
      expect(await sim.getWarStatus(SIM_CLAN_TAGS.twelveTowers)).toBe('friendlyWar');
    });

    it.each([
      ['unknown player', 'PATCH', `${S}/players/${encodeURIComponent('#2222222')}`, { role: 'leader' }, 404],
      ['malformed tag', 'PATCH', `${S}/players/not!a!tag`, { role: 'leader' }, 400],
      ['bad role', 'PATCH', `${S}/players/${encodeURIComponent(T.leader)}`, { role: 'king' }, 400],
      ['unknown field', 'PATCH', `${S}/players/${encodeURIComponent(T.leader)}`, { gems: 5 }, 400],
      [
        'town hall out of range',
        'PATCH',
        `${S}/players/${encodeURIComponent(T.leader)}`,
        { townHallLevel: 99 },
        400,
      ],
      ['unknown clan', 'PATCH', `${S}/players/${encodeURIComponent(T.leader)}`, { clanTag: '#2222222' }, 400],
      [
        'bad war status',
        'PATCH',
        `${S}/clans/${encodeURIComponent(SIM_CLAN_TAGS.atlantaTitans)}`,
        { warStatus: 'cwl' },
        400,
      ],
      [
        'unknown clan patch',
        'PATCH',
        `${S}/clans/${encodeURIComponent('#2222222')}`,
        { warStatus: 'none' },
        404,
      ],
    ] as const)('%s: %s %s %j → %i, nothing changes', async (_name, method, url, attributes, status) => {
      const response = await ctx.app.inject(
        jsonApiRequest({ method, url, payload: { data: { attributes } } }),
      );
      expect(response.statusCode).toBe(status);
      const leader = (await gameUser(ctx.app, T.leader)).meta;
      expect(leader).toMatchObject({
        role: 'leader',
        thLevel: 17,
        clan: { tag: SIM_CLAN_TAGS.atlantaTitans },
      });
    });

    it('creates and finishes a war over the tables (results to listeners, clans freed)', async () => {
      const sim = new DbSimGame(ctx.database.db, () => new Date());
      const results: unknown[] = [];
      sim.onWarResult((r) => {
        results.push(r);
      });
      const raiders = simPlayers.filter(
        (p) => p.clanTag === SIM_CLAN_TAGS.nordicRaiders && p.townHallLevel === 17 && !p.banned,
      );
      // T.elder was moved to another clan above.
      const titans = simPlayers.filter(
        (p) => p.clanTag === SIM_CLAN_TAGS.atlantaTitans && p.townHallLevel === 17 && p.tag !== T.elder,
      );
      const war = await sim.createWar({
        matchSeriesId: 'ms-1',
        home: { clanTag: SIM_CLAN_TAGS.nordicRaiders, playerTags: raiders.slice(0, 5).map((p) => p.tag) },
        away: { clanTag: SIM_CLAN_TAGS.atlantaTitans, playerTags: titans.slice(0, 5).map((p) => p.tag) },
      });
      expect(await sim.getWarStatus(SIM_CLAN_TAGS.atlantaTitans)).toBe('clanWar');
      const result = await sim.finishWar(war.warId);
      expect(results).toEqual([result]);
      expect(await sim.getWarStatus(SIM_CLAN_TAGS.atlantaTitans)).toBe('none');
      await expect(sim.finishWar(war.warId)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('POST /user answers CONFLICT for an e-mail already in use', async () => {
      await createHubUser(ctx.app, T.coLeader);
      const token = (await gameUser(ctx.app, T.coLeader2)).token!;
      const body = T.coLeader.replace('#', '').toLowerCase();
      const response = await clanCall(ctx.app, token, 'POST', '/user', {
        firstName: 'A',
        lastName: 'B',
        username: 'dup',
        email: `${body}@example.com`,
      });
      expect(response.statusCode).toBe(409);
      expect(errorCode(response)).toBe('CONFLICT');
      expect(SIM_PLAYER_TAGS.titansLeader).toBe(T.leader);
    });
  },
  { seed: true },
);

describeEachKind('simulated game persistence [%s]', (kind) => {
  it('simulator changes survive a restart and the seed does not overwrite them', async () => {
    const testDb = await createTestDatabase(kind);
    try {
      const config = testConfig();
      const first = checkInjectedAnswers(
        await buildApp(config, { logger: false, redis: null, database: testDb.database }),
      );
      await simPatchPlayer(first, T.leader, { townHallLevel: 15 });
      await first.close();
      const second = checkInjectedAnswers(
        await buildApp(config, { logger: false, redis: null, database: testDb.database }),
      );
      const player = (
        await second.inject({ method: 'GET', url: `${S}/players/${encodeURIComponent(T.leader)}` })
      ).json();
      expect(player.data.attributes.townHallLevel).toBe(15);
      await second.close();
    } finally {
      await testDb.dispose();
    }
  });
});

describeEachKind('official game mode [%s]', (kind) => {
  it('has no simulator API', async () => {
    await withTestApp(
      kind,
      async ({ app }) => {
        expect((await app.inject({ method: 'GET', url: `${S}/players` })).statusCode).toBe(404);
      },
      {
        seed: false,
        config: { gameMode: 'official', cocApiKey: 'test-key', cocApiBaseUrl: 'http://127.0.0.1:9' },
      },
    );
  });
});

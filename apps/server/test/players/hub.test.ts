import { API, gameUserDocument, JSONAPI_MEDIA_TYPE } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { SIM_CLAN_TAGS, SIM_PLAYER_TAGS, simPlayers } from '../../src/game/index.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import {
  clanCall,
  clanless,
  createHubUser,
  errorCode,
  gameUser,
  playerToken,
  simPatchPlayer,
  T,
  topSegmentId,
} from './players-helpers.js';

const towers = simPlayers.filter((p) => p.clanTag === SIM_CLAN_TAGS.twelveTowers).map((p) => p.tag);
const nineLivesTh10 = simPlayers.find(
  (p) => p.clanTag === SIM_CLAN_TAGS.nineLives && p.townHallLevel === 10,
)!.tag;

describeEachDatabase('hub: game-user lookup and player tokens', (ctx) => {
  describe('POST /game-user answers', () => {
    it('404 NOT_REGISTERED for a leader without a hub user, with token, clan and role in meta', async () => {
      const { status, body, meta } = await gameUser(ctx.app, T.leader);
      expect(status).toBe(404);
      expect(body.errors[0].code).toBe('NOT_REGISTERED');
      expect(meta).toMatchObject({
        playerTag: T.leader,
        clan: { tag: SIM_CLAN_TAGS.atlantaTitans, name: 'Atlanta Titans', thLevel: 17 },
        role: 'leader',
        isLeader: true,
        isCoLeader: false,
        thLevel: 17,
        rosterId: null,
      });
      expect(meta.token.value).toEqual(expect.any(String));
      expect(Date.parse(meta.token.expires)).toBeGreaterThan(ctx.now.getTime());
    });

    it('200 with the user once the player created one; the token is a bearer for /users/1.0/user', async () => {
      const { userId } = await createHubUser(ctx.app, T.coLeader);
      const { status, body } = await gameUser(ctx.app, T.coLeader);
      expect(status).toBe(200);
      const doc = gameUserDocument.parse(body);
      expect(doc.data.id).toBe(userId);
      expect(doc.meta).toMatchObject({ isCoLeader: true, role: 'coLeader', playerTag: T.coLeader });
      const me = await ctx.app.inject({
        method: 'GET',
        url: `${API.users}/user`,
        headers: bearer(doc.data.attributes.token.value),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.id).toBe(userId);
    });

    it('a player token without a hub user is refused where a hub user is needed', async () => {
      const token = await playerToken(ctx.app, T.elder2);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${API.users}/user`, headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
    });

    it.each([
      ['PLAYER_BANNED', SIM_PLAYER_TAGS.raidersBanned, 401],
      ['NO_CLAN', clanless, 401],
      ['INSUFFICIENT_ROLE', T.elder, 401],
    ])('%s', async (code, tag, status) => {
      const result = await gameUser(ctx.app, tag);
      expect(result.status).toBe(status);
      expect(result.body.errors[0].code).toBe(code);
      if (code === 'PLAYER_BANNED') expect(result.meta).toBeUndefined();
      if (code === 'INSUFFICIENT_ROLE') expect(result.meta.clanRosterId).toBeNull();
    });

    it('401 INSUFFICIENT_TH_LEVEL below town hall 9', async () => {
      await simPatchPlayer(ctx.app, nineLivesTh10, { townHallLevel: 8 });
      const result = await gameUser(ctx.app, nineLivesTh10);
      expect(result.status).toBe(401);
      expect(result.body.errors[0].code).toBe('INSUFFICIENT_TH_LEVEL');
      expect(result.meta.thLevel).toBe(8);
    });

    it('401 NOT_INVITED with meta.clanRosterId when the clan has a team without the player', async () => {
      const [leader, coLeader, elder, elder2, member, notSelected] = towers as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const leaderToken = await playerToken(ctx.app, leader);
      const created = await clanCall(ctx.app, leaderToken, 'POST', '/members', {
        playerTag: coLeader,
        members: [leader, elder, elder2, member],
        segmentId: await topSegmentId(ctx.app, 'Town Hall Cup TH12'),
      });
      expect(created.statusCode).toBe(200);
      const result = await gameUser(ctx.app, notSelected);
      expect(result.status).toBe(401);
      expect(result.body.errors[0].code).toBe('NOT_INVITED');
      expect(result.meta.clanRosterId).toBe(created.json().data.id);
      const selected = await gameUser(ctx.app, member);
      expect(selected.status).toBe(404);
      expect(selected.meta.rosterId).toBe(created.json().data.id);
    });
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['wrong API token', { apiToken: 'sim-token-WRONG', playerTag: T.member }, 400, 'INVALID_TOKEN'],
      ['unknown tag', { apiToken: 'x', playerTag: '#2222222' }, 400, 'UNKNOWN_PLAYER'],
      ['malformed tag', { apiToken: 'x', playerTag: 'hello world' }, 400, 'VALIDATION_FAILED'],
      ['missing token', { playerTag: T.member }, 400, 'VALIDATION_FAILED'],
      ['wrong types', { apiToken: 5, playerTag: ['#X'] }, 400, 'VALIDATION_FAILED'],
    ])('%s %j → %i %s', async (_name, attributes, status, code) => {
      const response = await ctx.app.inject(
        jsonApiRequest({ method: 'POST', url: `${API.hub}/game-user`, payload: jsonApiBody(attributes) }),
      );
      expect(response.statusCode).toBe(status);
      expect(errorCode(response)).toBe(code);
      expect(response.json().errors[0].meta?.token).toBeUndefined();
    });

    it('413 for an oversized body', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.hub}/game-user`,
        headers: { 'content-type': JSONAPI_MEDIA_TYPE },
        payload: JSON.stringify(jsonApiBody({ apiToken: 'x'.repeat(200_000), playerTag: T.member })),
      });
      expect(response.statusCode).toBe(413);
    });
  });

  describe('tokens', () => {
    let refresh = '';
    beforeAll(async () => {
      refresh = (await gameUser(ctx.app, T.leader)).meta.refreshToken.value;
    });

    it('refreshes a player token through /login/refresh, once', async () => {
      const response = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${API.users}/login/refresh`,
          payload: jsonApiBody({ refreshToken: refresh }),
        }),
      );
      expect(response.statusCode).toBe(200);
      const fresh = response.json().data.attributes.token.value;
      expect((await clanCall(ctx.app, fresh, 'GET', '/clan')).statusCode).toBe(200);
      const again = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${API.users}/login/refresh`,
          payload: jsonApiBody({ refreshToken: refresh }),
        }),
      );
      expect(again.statusCode).toBe(401);
    });

    it('one bearer lookup serves both kinds of token, each with its own refusal', async () => {
      const detail = async (token: string, url: string) => {
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
        return [response.statusCode, response.statusCode === 200 ? null : response.json().errors[0].detail];
      };
      // A player token without a hub user: a player where a player is enough, refused where a user is needed.
      const bare = await playerToken(ctx.app, T.member3);
      expect(await detail(bare, `${API.users}/user`)).toEqual([401, 'This player has no hub user yet']);
      expect((await clanCall(ctx.app, bare, 'GET', '/clan')).statusCode).toBe(200);
      // A hub user's own token (sign-in): a user, but not a player.
      const admin = await loginAsAdmin(ctx.app);
      expect(await detail(admin.token.value, `${API.users}/user`)).toEqual([200, null]);
      expect(await detail(admin.token.value, `${API.clan}/clan`)).toEqual([
        401,
        'A verified player token is required (POST /api/hub/1.0/game-user)',
      ]);
      // Neither kind.
      expect(await detail('y'.repeat(43), `${API.users}/user`)).toEqual([
        401,
        'Access token is invalid or expired',
      ]);
      // A player whose hub user is suspended: the player token stops on both sides.
      const { token, userId } = await createHubUser(ctx.app, T.member4);
      expect(await detail(token, `${API.users}/user`)).toEqual([200, null]);
      await ctx.database.db.update(users).set({ suspendedAt: ctx.now }).where(eq(users.id, userId));
      expect(await detail(token, `${API.users}/user`)).toEqual([401, 'This account is suspended']);
      expect(await detail(token, `${API.clan}/clan`)).toEqual([401, 'This account is suspended']);
      // Every refusal of a suspended account names its reason for the hub's page.
      const refused = await clanCall(ctx.app, token, 'GET', '/clan');
      expect(refused.json().errors[0].meta).toEqual({ reason: 'ACCOUNT_SUSPENDED' });
    });

    it('an expired or unknown player token is 401', async () => {
      expect((await clanCall(ctx.app, 'x'.repeat(43), 'GET', '/clan')).statusCode).toBe(401);
    });
  });
});

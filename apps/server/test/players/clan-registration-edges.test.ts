import { API } from '@cwh/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import { clanCall, createHubUser, errorCode, gameUser, T, titans, topSegmentId } from './players-helpers.js';

/*
 * The clan hub's registration at its edges: no previous team, registering before the hub account
 * or before the team exists, a second profile save (an update of the same user), and the group
 * code an admin may read for any team.
 */

describeEachDatabase('clan registration at its edges', (ctx) => {
  const tokens: Record<string, string> = {};
  let admin = '';

  beforeAll(async () => {
    admin = (await loginAsAdmin(ctx.app)).token.value;
    for (const tag of [T.leader, T.member]) tokens[tag] = (await createHubUser(ctx.app, tag)).token;
  });

  it('a clan that never had a team has no previous one (data null)', async () => {
    const response = await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan/previous');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBeNull();
  });

  it('registering before the team exists is refused, and nothing is created', async () => {
    const response = await clanCall(ctx.app, tokens[T.member]!, 'POST', '/register', {});
    expect(errorCode(response)).toBe('NOT_FOUND');
    const clan = await clanCall(ctx.app, tokens[T.member]!, 'GET', '/clan');
    expect(clan.json().data.attributes.roster).toBeNull();
  });

  it('registering without a hub account is refused (NOT_REGISTERED)', async () => {
    const { token } = await gameUser(ctx.app, T.elder2);
    const response = await clanCall(ctx.app, token!, 'POST', '/register', {});
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('NOT_REGISTERED');
  });

  it('saving the profile again updates the same hub user instead of creating a second', async () => {
    const first = await ctx.app.inject(
      jsonApiRequest({
        method: 'POST',
        url: `${API.clan}/user`,
        headers: bearer(tokens[T.member]!),
        payload: jsonApiBody({
          firstName: 'Renamed',
          lastName: 'Member',
          username: 'renamed',
          email: 'renamed@example.com',
        }),
      }),
    );
    expect(first.statusCode).toBe(200);
    const userId = first.json().data.id;
    const again = await createHubUser(ctx.app, T.member);
    expect(again.userId).toBe(userId);
  });

  it('an admin reads the group code of any team; a clan member outside the team cannot', async () => {
    const members = titans.slice(0, 5).map((p) => p.tag);
    const created = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/members', {
      playerTag: T.leader,
      members,
      segmentId: await topSegmentId(ctx.app),
    });
    expect(created.statusCode, created.body).toBe(200);
    const url = `${API.clan}/wechatqrcode/by-roster/${created.json().data.id}`;
    const byAdmin = await ctx.app.inject({ method: 'GET', url, headers: bearer(admin) });
    // Past the access check: the demo event has no group link yet (chat-group-code.test.ts).
    expect(byAdmin.statusCode).toBe(404);
    expect(errorCode(byAdmin)).toBe('CHAT_GROUP_NOT_SET');
    const outsider = await ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[T.member]!) });
    expect(outsider.statusCode).toBe(403);
  });
});

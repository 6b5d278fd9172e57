import { userDocument } from '@cwh/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, loginAsAdmin } from '../harness.js';
import { createHubUser, gameUser, titans } from '../players/players-helpers.js';
import { call, U } from './admin-fixtures.js';

// A player's hub user (created through the game) seen by GET /user, and by support suspending it.
describeEachDatabase('player accounts', (ctx) => {
  const tag = titans[1]!.tag;
  let player: { token: string; userId: string };
  let support: string;
  beforeAll(async () => {
    player = await createHubUser(ctx.app, tag);
    support = (await loginAsAdmin(ctx.app)).token.value;
  });

  it('GET /user lists the linked game account', async () => {
    const response = await call(ctx.app, player.token, 'GET', `${U}/user`);
    const user = userDocument.parse(response.json()).data;
    expect(user.attributes.gameAccounts).toEqual([{ username: titans[1]!.name }]);
  });

  it('is found by player tag, and a suspension stops its player token at once', async () => {
    const found = await call(ctx.app, support, 'GET', `${U}/users?filter[search]=${encodeURIComponent(tag)}`);
    expect(found.json().data.map((u: { id: string }) => u.id)).toEqual([player.userId]);
    await call(ctx.app, support, 'POST', `${U}/users/${player.userId}/suspend`, { reason: 'Cheating' });
    const refused = await call(ctx.app, player.token, 'GET', `${U}/user`);
    expect(refused.statusCode).toBe(401);
    // Signing in again through the game is refused while the hub user is suspended, with the reason
    // the hub shows (issue 31), and no player token is issued.
    const fresh = await gameUser(ctx.app, tag);
    expect(fresh.status).toBe(401);
    expect(fresh.body.errors[0]).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'This account is suspended',
      meta: { reason: 'ACCOUNT_SUSPENDED' },
    });
    expect(fresh.token).toBeUndefined();
    // Unsuspend restores the account; the sessions ended by the suspension stay ended.
    await call(ctx.app, support, 'POST', `${U}/users/${player.userId}/unsuspend`);
    expect((await call(ctx.app, player.token, 'GET', `${U}/user`)).statusCode).toBe(401);
    const after = await gameUser(ctx.app, tag);
    expect((await call(ctx.app, after.token ?? null, 'GET', `${U}/user`)).statusCode).toBe(200);
  });
});

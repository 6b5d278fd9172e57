import {
  activityLogListDocument,
  emailAddressListDocument,
  gameAccountListDocument,
  phoneNumberListDocument,
  userDocument,
} from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { gameAccounts, userEmailAddresses, userPhoneNumbers } from '../../src/db/schema/index.js';
import { describeEachDatabase } from '../harness.js';
import { type Callers, call, U } from './admin-fixtures.js';

import { accountCallers, accountHelpers } from './user-account-fixtures.js';

describeEachDatabase('user contacts and game accounts', (ctx) => {
  let callers: Callers;
  let support: string;
  beforeAll(async () => {
    ({ callers, support } = await accountCallers(ctx));
  });
  const { target, db, rowsOf, outboxTo } = accountHelpers(ctx);

  it('adds an e-mail address, mails a verification link, resends it, and the link verifies it once', async () => {
    const { id } = await target();
    const added = await call(ctx.app, support, 'POST', `${U}/users/${id}/email-addresses`, {
      email: 'Second@Users.test',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.attributes).toMatchObject({
      email: 'second@users.test',
      verified: false,
      verifiedAt: null,
      createdAt: '2026-03-15T12:00:00Z',
      expiresAt: '2026-03-16T12:00:00Z',
    });
    const addressId = added.json().data.id;
    const duplicate = await call(ctx.app, support, 'POST', `${U}/users/${id}/email-addresses`, {
      email: 'second@users.test',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].code).toBe('CONFLICT');
    const invalid = await call(ctx.app, support, 'POST', `${U}/users/${id}/email-addresses`, {
      email: 'not-an-address',
    });
    expect(invalid.statusCode).toBe(400);
    expect(await rowsOf(userEmailAddresses, id)).toBe(1);

    await call(ctx.app, support, 'POST', `${U}/users/${id}/email-addresses/${addressId}/resend`);
    const mails = await outboxTo('second@users.test');
    expect(mails).toHaveLength(2);
    const tokens = mails.map((m) => /Verification code: (\S+)/.exec(m.text)?.[1]);
    const [first, second] = tokens;
    expect(first).not.toBe(second);
    // The resend replaced the first link.
    const old = await call(ctx.app, null, 'POST', `${U}/user/email-addresses/verify`, { token: first });
    expect(old.json().errors[0].code).toBe('INVALID_TOKEN');
    const ok = await call(ctx.app, null, 'POST', `${U}/user/email-addresses/verify`, { token: second });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.attributes).toMatchObject({ verified: true, expiresAt: null });
    const again = await call(ctx.app, null, 'POST', `${U}/user/email-addresses/verify`, { token: second });
    expect(again.statusCode).toBe(400);
    const resendVerified = await call(
      ctx.app,
      support,
      'POST',
      `${U}/users/${id}/email-addresses/${addressId}/resend`,
    );
    expect(resendVerified.statusCode).toBe(409);
    const list = emailAddressListDocument.parse(
      (await call(ctx.app, support, 'GET', `${U}/users/${id}/email-addresses`)).json(),
    );
    expect(list.data.map((a) => [a.attributes.email, a.attributes.verified])).toEqual([
      ['second@users.test', true],
    ]);
  });

  it('adds a phone number whose code is recorded to the outbox, expires after 10 minutes, and is spent by a wrong guess', async () => {
    const { id, token } = await target();
    const added = await call(ctx.app, support, 'POST', `${U}/users/${id}/phone-numbers`, {
      phone: '+1 (415) 555-0100',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.attributes).toMatchObject({
      phone: '+14155550100',
      verified: false,
      createdAt: '2026-03-15T12:00:00Z',
      expiresAt: '2026-03-15T12:10:00Z',
    });
    const bad = await call(ctx.app, support, 'POST', `${U}/users/${id}/phone-numbers`, { phone: '555-0100' });
    expect(bad.statusCode).toBe(400);
    expect(await rowsOf(userPhoneNumbers, id)).toBe(1);
    const codeOf = async () => {
      const sms = await outboxTo('sms:+14155550100');
      return /code is (\d{6})/.exec(sms.at(-1)!.text)![1]!;
    };
    const verify = (code: string) =>
      call(ctx.app, token, 'POST', `${U}/user/phone-numbers/verify`, { phone: '+14155550100', code });
    const code = await codeOf();
    const wrong = await verify(code === '000000' ? '000001' : '000000');
    expect(wrong.json().errors[0].code).toBe('INVALID_TOKEN');
    // The wrong guess spent the code: the right one no longer works.
    expect((await verify(code)).statusCode).toBe(400);

    const phoneId = added.json().data.id;
    await call(ctx.app, support, 'POST', `${U}/users/${id}/phone-numbers/${phoneId}/resend`);
    // An expired code is refused.
    await db()
      .update(userPhoneNumbers)
      .set({ expiresAt: new Date('2026-03-15T11:59:00Z') })
      .where(eq(userPhoneNumbers.id, phoneId));
    expect((await verify(await codeOf())).statusCode).toBe(400);
    await call(ctx.app, support, 'POST', `${U}/users/${id}/phone-numbers/${phoneId}/resend`);
    const verified = await verify(await codeOf());
    expect(verified.statusCode, verified.body).toBe(200);
    const list = phoneNumberListDocument.parse(
      (await call(ctx.app, support, 'GET', `${U}/users/${id}/phone-numbers`)).json(),
    );
    expect(list.data[0]!.attributes).toMatchObject({ verified: true, expiresAt: null });
  });

  it('lists, adds, edits and deletes game accounts; a tag linked elsewhere is a conflict; GET /user shows them', async () => {
    const { id, token } = await target();
    const added = await call(ctx.app, support, 'POST', `${U}/users/${id}/game-accounts`, {
      username: 'Chief Main',
      playerTag: 'ylqg2y',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.attributes).toMatchObject({
      username: 'Chief Main',
      playerTag: '#YLQG2Y',
      provider: 'coc',
    });
    const taken = await call(ctx.app, support, 'POST', `${U}/users/${callers.ids.player}/game-accounts`, {
      username: 'x',
      playerTag: '#YLQG2Y',
    });
    expect(taken.statusCode).toBe(409);
    const badTag = await call(ctx.app, support, 'POST', `${U}/users/${id}/game-accounts`, {
      username: 'x',
      playerTag: 'abc!',
    });
    expect(badTag.statusCode).toBe(400);
    expect(await rowsOf(gameAccounts, callers.ids.player)).toBe(0);

    const accountId = added.json().data.id;
    const patched = await call(ctx.app, support, 'PATCH', `${U}/users/${id}/game-accounts/${accountId}`, {
      username: 'Chief Alt',
    });
    expect(patched.json().data.attributes.username).toBe('Chief Alt');
    // Another user's account id under this user is not found.
    const elsewhere = await call(
      ctx.app,
      support,
      'PATCH',
      `${U}/users/${callers.ids.player}/game-accounts/${accountId}`,
      { username: 'Hijack' },
    );
    expect(elsewhere.statusCode).toBe(404);
    const list = gameAccountListDocument.parse(
      (await call(ctx.app, support, 'GET', `${U}/users/${id}/game-accounts`)).json(),
    );
    expect(list.data.map((a) => a.attributes.username)).toEqual(['Chief Alt']);

    const me = userDocument.parse((await call(ctx.app, token, 'GET', `${U}/user`)).json()).data.attributes;
    expect(me.gameAccounts).toEqual([{ username: 'Chief Alt' }]);

    expect(
      (await call(ctx.app, support, 'DELETE', `${U}/users/${id}/game-accounts/${accountId}`)).statusCode,
    ).toBe(204);
    expect(await rowsOf(gameAccounts, id)).toBe(0);
    const log = activityLogListDocument.parse(
      (
        await call(ctx.app, support, 'GET', `${U}/activity-log?filter[target]=game-accounts:${accountId}`)
      ).json(),
    );
    // The test clock stands still: the three entries share one time, so compare them as a set.
    expect(log.data.map((e) => e.attributes.action).sort()).toEqual([
      'user.game-account.add',
      'user.game-account.delete',
      'user.game-account.update',
    ]);
    expect(
      log.data.find((e) => e.attributes.action === 'user.game-account.update')!.attributes,
    ).toMatchObject({
      before: { username: 'Chief Main' },
      after: { username: 'Chief Alt' },
    });
  });

  it('support may not change an admin’s contacts', async () => {
    const response = await call(ctx.app, support, 'POST', `${U}/users/${callers.ids.admin}/phone-numbers`, {
      phone: '+33612345678',
    });
    expect(response.statusCode).toBe(403);
    expect(await rowsOf(userPhoneNumbers, callers.ids.admin)).toBe(0);
  });
});

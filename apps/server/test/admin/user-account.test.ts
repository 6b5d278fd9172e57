import { crc32, deflateSync } from 'node:zlib';
import {
  API,
  activityLogListDocument,
  emailAddressListDocument,
  gameAccountListDocument,
  imageDocument,
  phoneNumberListDocument,
  teamDocument,
  teamListDocument,
  userDocument,
} from '@cwh/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  gameAccounts,
  mailOutbox,
  storedImages,
  teams,
  userEmailAddresses,
  userPhoneNumbers,
} from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/features/auth/password.js';
import { createUserRepository } from '../../src/features/auth/user-repository.js';
import { JPEG_16, WEBP } from '../fixtures/images.js';
import { bearer, describeEachDatabase, TEST_NOW } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { join, call as ladderCall } from '../ladder/ladder-http.js';
import { createHubUser, titans } from '../players/players-helpers.js';
import {
  ADMIN_ONLY,
  type Callers,
  call,
  createCallers,
  expectedStatus,
  login,
  ROLES,
  type Role,
  SUPPORT,
  T,
  U,
} from './admin-fixtures.js';

const PASSWORD = 'account-password';

/** A PNG of `width` × 1 pixels, with the given extra chunks before the image data. */
function png(width: number, extra: { type: string; data: Buffer }[] = []): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const pixels = deflateSync(Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra.map((e) => chunk(e.type, e.data)),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with an EXIF APP1 segment (GPS position in it) and a comment right after SOI. */
function jpegWithExif(): Buffer {
  const exif = Buffer.concat([Buffer.from('Exif\0\0GPS 48.8584N 2.2945E camera-serial-12345', 'latin1')]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(exif.length + 2, 2);
  const comment = Buffer.from('secret comment', 'latin1');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([JPEG_16.subarray(0, 2), app1, exif, com, comment, JPEG_16.subarray(2)]);
}

/** The WebP with an EXIF chunk appended and the VP8X EXIF flag set. */
function webpWithExif(): Buffer {
  const data = Buffer.from('GPS 48.8584N camera-serial-12345', 'latin1');
  const head = Buffer.alloc(8);
  head.write('EXIF', 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  const out = Buffer.concat([WEBP, head, data]);
  out.writeUInt32LE(out.length - 8, 4);
  out[20] = out[20]! | 0x08;
  return out;
}

function upload(
  app: FastifyInstance,
  token: string | null,
  url: string,
  bytes: Buffer,
  type = 'image/png',
  method: 'PATCH' = 'PATCH',
) {
  return app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': type },
    payload: bytes,
  });
}

describeEachDatabase('user contacts, game accounts, avatars, teams and the audit of every write', (ctx) => {
  let callers: Callers;
  let support: string;
  let admin: string;
  beforeAll(async () => {
    callers = await createCallers(ctx);
    support = callers.tokens.support!;
    admin = callers.tokens.admin!;
  });
  let counter = 0;
  const target = async () => {
    counter += 1;
    const email = `account${counter}@users.test`;
    const row = await createUserRepository(ctx.database.db).insert({
      email,
      passwordHash: await hashPassword(PASSWORD),
      username: `account${counter}`,
      permissions: [],
    });
    const token = (await login(ctx.app, email, PASSWORD)).json().data.attributes.token.value as string;
    return { id: row.id, email, token };
  };
  const db = () => ctx.database.db;
  const rowsOf = async (
    table: typeof userEmailAddresses | typeof userPhoneNumbers | typeof gameAccounts | typeof storedImages,
    userId: string,
  ) => (await db().select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  const logCount = async () => (await db().select({ n: count() }).from(activityLog))[0]!.n;
  const outboxTo = async (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));

  describe('role × action', () => {
    let tags = 1000;
    /** A fresh valid player tag: a counter written in the game's 14-letter tag alphabet. */
    const tag = () => {
      let n = ++tags;
      let body = '';
      while (n > 0) {
        body = '0289PYLQGRJCUV'[n % 14] + body;
        n = Math.floor(n / 14);
      }
      return `#${body}`;
    };
    const ACTIONS: {
      action: string;
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      ok: number;
      url: (id: string, sub: string) => string;
      body?: () => Record<string, unknown>;
      setup?: (id: string) => Promise<string>;
    }[] = [
      { action: 'GET e-mail addresses', method: 'GET', ok: 200, url: (id) => `/users/${id}/email-addresses` },
      {
        action: 'POST e-mail address',
        method: 'POST',
        ok: 201,
        url: (id) => `/users/${id}/email-addresses`,
        body: () => ({ email: `more${counter}@users.test` }),
      },
      {
        action: 'POST e-mail resend',
        method: 'POST',
        ok: 200,
        url: (id, sub) => `/users/${id}/email-addresses/${sub}/resend`,
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/email-addresses`, {
              email: `r${counter}@users.test`,
            })
          ).json().data.id,
      },
      { action: 'GET phone numbers', method: 'GET', ok: 200, url: (id) => `/users/${id}/phone-numbers` },
      {
        action: 'POST phone number',
        method: 'POST',
        ok: 201,
        url: (id) => `/users/${id}/phone-numbers`,
        body: () => ({ phone: '+33 6 12 34 56 78' }),
      },
      {
        action: 'POST phone resend',
        method: 'POST',
        ok: 200,
        url: (id, sub) => `/users/${id}/phone-numbers/${sub}/resend`,
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/phone-numbers`, { phone: '+4915112345678' })
          ).json().data.id,
      },
      { action: 'GET game accounts', method: 'GET', ok: 200, url: (id) => `/users/${id}/game-accounts` },
      {
        action: 'POST game account',
        method: 'POST',
        ok: 201,
        url: (id) => `/users/${id}/game-accounts`,
        body: () => ({ username: 'Chief', playerTag: tag() }),
      },
      {
        action: 'PATCH game account',
        method: 'PATCH',
        ok: 200,
        url: (id, sub) => `/users/${id}/game-accounts/${sub}`,
        body: () => ({ username: 'Renamed' }),
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/game-accounts`, {
              username: 'Chief',
              playerTag: tag(),
            })
          ).json().data.id,
      },
      {
        action: 'DELETE game account',
        method: 'DELETE',
        ok: 204,
        url: (id, sub) => `/users/${id}/game-accounts/${sub}`,
        setup: async (id) =>
          (
            await call(ctx.app, admin, 'POST', `${U}/users/${id}/game-accounts`, {
              username: 'Chief',
              playerTag: tag(),
            })
          ).json().data.id,
      },
      { action: 'DELETE profile avatar', method: 'DELETE', ok: 204, url: (id) => `/profiles/${id}/avatar` },
    ];
    for (const { action, method, ok, url, body, setup } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role) => {
        const { id } = await target();
        const sub = setup ? await setup(id) : '';
        const before = await logCount();
        const response = await call(ctx.app, callers.tokens[role], method, `${U}${url(id, sub)}`, body?.());
        const expected = expectedStatus(role, SUPPORT, ok);
        expect(response.statusCode, response.body).toBe(expected);
        // A refusal writes nothing, not even to the activity log; a granted write logs one entry.
        const written = (await logCount()) - before;
        expect(written).toBe(expected >= 400 || method === 'GET' ? 0 : 1);
      });
    }
    it.each(ROLES)('PATCH /profiles/{id}/avatar of another user as %s', async (role) => {
      const { id } = await target();
      const response = await upload(ctx.app, callers.tokens[role], `${U}/profiles/${id}/avatar`, png(4));
      expect(response.statusCode, response.body).toBe(expectedStatus(role, SUPPORT, 200));
      expect(await rowsOf(storedImages, id)).toBe(response.statusCode === 200 ? 1 : 0);
    });
    it.each(ROLES)('POST /teams (own team) as %s', async (role) => {
      const name = `Team ${role} ${counter++}`;
      const response = await call(ctx.app, callers.tokens[role], 'POST', `${T}/teams`, { name });
      const allowed: readonly Role[] = ROLES.filter((r) => r !== 'anonymous');
      expect(response.statusCode, response.body).toBe(expectedStatus(role, allowed, 201));
      const stored = await db().select().from(teams).where(eq(teams.name, name));
      expect(stored).toHaveLength(response.statusCode === 201 ? 1 : 0);
    });
    it.each(ROLES)('POST /teams for another owner as %s', async (role) => {
      const name = `Franchise ${counter++}`;
      const response = await call(ctx.app, callers.tokens[role], 'POST', `${T}/teams`, {
        name,
        ownerId: callers.ids.player,
      });
      expect(response.statusCode, response.body).toBe(
        role === 'player' ? 201 : expectedStatus(role, ADMIN_ONLY, 201),
      );
    });
  });

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

  describe('avatars', () => {
    it('stores a PNG stripped of its text and EXIF chunks, serves it at a stable cacheable URL, and GET /user names it', async () => {
      const { id, token } = await target();
      const original = png(3, [
        { type: 'tEXt', data: Buffer.from('Comment\0my home address', 'latin1') },
        { type: 'eXIf', data: Buffer.from('MM\0*GPS 48.8584N', 'latin1') },
      ]);
      const trailing = Buffer.concat([original, Buffer.from('PK\x03\x04 zip after IEND', 'latin1')]);
      const response = await upload(ctx.app, token, `${U}/user/avatar`, trailing);
      expect(response.statusCode, response.body).toBe(200);
      const image = imageDocument.parse(response.json()).data;
      expect(image.attributes).toMatchObject({ contentType: 'image/png', width: 3, height: 1 });
      const served = await ctx.app.inject({ method: 'GET', url: image.attributes.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const text = served.rawPayload.toString('latin1');
      expect(text).not.toContain('home address');
      expect(text).not.toContain('GPS');
      expect(text).not.toContain('zip after IEND');
      expect(served.rawPayload.length).toBe(original.length - (12 + 23) - (12 + 16));
      expect(served.rawPayload.equals(png(3))).toBe(true);

      const me = userDocument.parse((await call(ctx.app, token, 'GET', `${U}/user`)).json()).data.attributes;
      expect(me.avatar.default).toBe(image.attributes.url);
      expect(me.profiles[0]).toEqual({
        username: expect.stringMatching(/^account/),
        avatar: { template: image.attributes.url },
      });

      // A profile avatar of its own takes the profile's place; deleting the user avatar clears default.
      const profile = await upload(ctx.app, token, `${U}/profiles/${id}/avatar`, png(2));
      const profileUrl = profile.json().data.attributes.url;
      // Support sees the profile's avatar in the user list.
      const listed = await call(ctx.app, support, 'GET', `${U}/users/${id}`);
      expect(listed.json().data.attributes.avatarUrl).toBe(profileUrl);
      expect((await call(ctx.app, token, 'DELETE', `${U}/user/avatar`)).statusCode).toBe(204);
      const after = userDocument.parse((await call(ctx.app, token, 'GET', `${U}/user`)).json()).data
        .attributes;
      expect(after.avatar.default).toBeNull();
      expect(after.profiles[0]!.avatar.template).toBe(profileUrl);
      expect((await ctx.app.inject({ method: 'GET', url: image.attributes.url })).statusCode).toBe(404);
    });

    it('strips EXIF and comments from a JPEG and EXIF from a WebP', async () => {
      const { token } = await target();
      const jpeg = await upload(ctx.app, token, `${U}/user/avatar`, jpegWithExif(), 'image/jpeg');
      expect(jpeg.statusCode, jpeg.body).toBe(200);
      expect(jpeg.json().data.attributes).toMatchObject({ contentType: 'image/jpeg', width: 16, height: 16 });
      const jpegBytes = (await ctx.app.inject({ method: 'GET', url: jpeg.json().data.attributes.url }))
        .rawPayload;
      expect(jpegBytes.toString('latin1')).not.toMatch(/Exif|GPS|secret comment/);
      expect(jpegBytes.equals(JPEG_16)).toBe(true);

      const webp = await upload(ctx.app, token, `${U}/user/avatar`, webpWithExif(), 'image/webp');
      expect(webp.statusCode, webp.body).toBe(200);
      expect(webp.json().data.attributes.contentType).toBe('image/webp');
      const webpBytes = (await ctx.app.inject({ method: 'GET', url: webp.json().data.attributes.url }))
        .rawPayload;
      expect(webpBytes.toString('latin1')).not.toContain('GPS');
      expect(webpBytes[20]! & 0x08).toBe(0);
      expect(webpBytes.readUInt32LE(4)).toBe(webpBytes.length - 8);
    });

    it('sniffs the type from the bytes: a PNG named JPEG is a PNG; text, damaged and oversized files are refused, nothing stored', async () => {
      const { id, token } = await target();
      const renamed = await upload(ctx.app, token, `${U}/user/avatar`, png(5), 'image/jpeg');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data.attributes.contentType).toBe('image/png');
      await call(ctx.app, token, 'DELETE', `${U}/user/avatar`);

      const textFile = await upload(
        ctx.app,
        token,
        `${U}/user/avatar`,
        Buffer.from('hello, I am a text file'),
        'image/png',
      );
      expect(textFile.statusCode).toBe(415);
      expect(textFile.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const plain = await upload(ctx.app, token, `${U}/user/avatar`, Buffer.from('<svg/>'), 'text/plain');
      expect(plain.statusCode).toBe(415);
      const damaged = await upload(ctx.app, token, `${U}/user/avatar`, png(5).subarray(0, 40));
      expect(damaged.statusCode).toBe(400);
      const huge = await upload(
        ctx.app,
        token,
        `${U}/user/avatar`,
        Buffer.concat([png(5), Buffer.alloc(1024 * 1024)]),
      );
      expect(huge.statusCode).toBe(413);
      expect(huge.json().errors[0].code).toBe('PAYLOAD_TOO_LARGE');
      const wide = await upload(ctx.app, token, `${U}/user/avatar`, png(5000));
      expect(wide.statusCode).toBe(400);
      expect(await rowsOf(storedImages, id)).toBe(0);
      const anonymous = await upload(ctx.app, null, `${U}/user/avatar`, png(5));
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('teams', () => {
    it('creates a team with the default game, reads it, lists it by owner, refuses duplicates and bad input', async () => {
      const { id, token } = await target();
      const created = await call(ctx.app, token, 'POST', `${T}/teams`, { name: 'Northern Lights' });
      expect(created.statusCode, created.body).toBe(201);
      const team = teamDocument.parse(created.json()).data;
      expect(team.relationships.owner.data).toEqual({ type: 'users', id });
      expect(team.relationships.game.data?.type).toBe('games');
      const read = await ctx.app.inject({ method: 'GET', url: `${T}/teams/${team.id}` });
      expect(read.json().data.attributes.name).toBe('Northern Lights');
      const mine = teamListDocument.parse(
        (await ctx.app.inject({ method: 'GET', url: `${T}/teams?filter[owner]=${id}` })).json(),
      );
      expect(mine.data.map((t) => t.id)).toEqual([team.id]);
      expect(mine.meta?.page.total).toBe(1);

      const before = await db().select({ n: count() }).from(teams);
      const dup = await call(ctx.app, callers.tokens.player, 'POST', `${T}/teams`, {
        name: 'northern lights',
      });
      expect(dup.statusCode).toBe(409);
      const short = await call(ctx.app, token, 'POST', `${T}/teams`, { name: 'x' });
      expect(short.statusCode).toBe(400);
      const noGame = await call(ctx.app, token, 'POST', `${T}/teams`, {
        name: 'Lost',
        gameId: '00000000-0000-4000-8000-000000000000',
      });
      expect(noGame.statusCode).toBe(400);
      expect(noGame.json().errors[0].source.pointer).toBe('/data/attributes/gameId');
      expect(await db().select({ n: count() }).from(teams)).toEqual(before);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${T}/teams/00000000-0000-4000-8000-000000000000` }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('every mutating call is audited', () => {
    it('records a player’s clan-service write (hook), a sign-in (password redacted) and a team creation (in its transaction)', async () => {
      const tag = titans[2]!.tag;
      const player = await createHubUser(ctx.app, tag);
      const clan = activityLogListDocument.parse(
        (
          await call(
            ctx.app,
            support,
            'GET',
            `${U}/activity-log?filter[action]=${encodeURIComponent('POST /api/clan/1.0/user')}`,
          )
        ).json(),
      ).data;
      expect(clan.length).toBeGreaterThanOrEqual(1);
      expect(clan[0]!.attributes).toMatchObject({ ipAddress: '127.0.0.1', targetType: 'user' });
      expect(clan[0]!.attributes.after).toMatchObject({ status: 200, playerTag: tag });

      const { id } = await target();
      const signIns = activityLogListDocument.parse(
        (
          await call(
            ctx.app,
            support,
            'GET',
            `${U}/activity-log?filter[user]=${id}&filter[action]=${encodeURIComponent('POST /api/users/1.0/login')}`,
          )
        ).json(),
      ).data;
      expect(signIns).toHaveLength(1);
      const request = (
        signIns[0]!.attributes.after as { request: { data: { attributes: Record<string, string> } } }
      ).request;
      expect(request.data.attributes.password).toBe('[redacted]');
      expect(JSON.stringify(signIns[0]!.attributes)).not.toContain(PASSWORD);

      const created = await call(ctx.app, player.token, 'POST', `${T}/teams`, { name: `Audited ${tag}` });
      const entries = activityLogListDocument.parse(
        (
          await call(
            ctx.app,
            support,
            'GET',
            `${U}/activity-log?filter[target]=teams:${created.json().data.id}`,
          )
        ).json(),
      ).data;
      // One entry: the in-transaction one; the central hook writes no second.
      expect(entries.map((e) => e.attributes.action)).toEqual(['team.create']);
      expect(entries[0]!.relationships.user.data?.id).toBe(player.userId);
    });

    it('records a captain joining and leaving the ladder queue (hook), with the roster as target', async () => {
      const segment = await ladderSegment(db());
      const [captain] = await createCaptains(db(), {
        count: 1,
        offset: 900,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
      const joined = await join(ctx.app, captain!);
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      const left = await ladderCall(
        ctx.app,
        captain!.token,
        'POST',
        `${API.matches}/queue/${captain!.rosterId}/leave`,
      );
      expect(left.statusCode, left.body).toBeLessThan(300);
      const entries = activityLogListDocument.parse(
        (
          await call(ctx.app, support, 'GET', `${U}/activity-log?filter[target]=queue:${captain!.rosterId}`)
        ).json(),
      ).data;
      expect(entries.map((e) => e.attributes.action).sort()).toEqual([
        'POST /api/matches/1.0/queue/:rosterId/join',
        'POST /api/matches/1.0/queue/:rosterId/leave',
      ]);
      expect(entries.every((e) => e.relationships.user.data?.id === captain!.userId)).toBe(true);
      const join0 = entries.find((e) => e.attributes.action.endsWith('join'))!;
      expect(join0.attributes.after).toMatchObject({
        status: joined.statusCode,
        request: { data: { attributes: { playerTags: captain!.playerTags } } },
      });
    });

    it('writes nothing for a refused call, and the log stays append-only', async () => {
      const before = await logCount();
      const refused = await call(
        ctx.app,
        callers.tokens.player,
        'POST',
        `${U}/users/${callers.ids.support}/suspend`,
        { reason: 'x' },
      );
      expect(refused.statusCode).toBe(403);
      expect(await logCount()).toBe(before);
      await expect(db().delete(activityLog)).rejects.toThrow();
    });
  });
});

import { imageDocument, teamDocument, teamListDocument, userDocument } from '@cwh/contract';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedImages, teams } from '../../src/db/schema/index.js';
import { JPEG_16 } from '../fixtures/images.js';
import { describeEachDatabase } from '../harness.js';
import { type Callers, call, T, U } from './admin-fixtures.js';

import {
  accountCallers,
  accountHelpers,
  jpegWithExif,
  png,
  upload,
  webpWithExif,
} from './user-account-fixtures.js';

describeEachDatabase('user avatars and teams', (ctx) => {
  let callers: Callers;
  let support: string;
  beforeAll(async () => {
    ({ callers, support } = await accountCallers(ctx));
  });
  const { target, db, rowsOf } = accountHelpers(ctx);

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
});

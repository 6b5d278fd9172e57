import { MAX_ATTACHMENT_BYTES } from '@cwh/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gameAccounts } from '../../src/db/schema/players.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type Callers, call } from '../admin/admin-fixtures.js';
import { JPEG_16 } from '../fixtures/images.js';
import { bearer, describeEachDatabase, TEST_NOW } from '../harness.js';
import { createUserWithToken } from '../ladder/ladder-fixtures.js';

import {
  disputesFixture,
  EVERYONE,
  expected,
  jpegWithExif,
  refusal,
  SECRET,
  T,
  UNKNOWN,
  VIEWERS,
} from './disputes-fixtures.js';

/** Disputes and attachments (#13): attachments (stripped screenshots) and what the players of both teams read; disputing: disputes-raising.test.ts, resolving: disputes-resolving.test.ts. */
let clock = TEST_NOW;

describeEachDatabase(
  'disputes and attachments',
  (ctx) => {
    const { setup, played, upload, dispute, disputesIn, attachmentsIn, logOf, tokenOf } =
      disputesFixture(ctx);
    let callers: Callers;
    beforeAll(() => {
      ({ callers } = setup);
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    describe('attachments', () => {
      it('a JPEG with EXIF comes back without it: type sniffed, metadata stripped, stored in the database', async () => {
        const s = await played();
        const input = jpegWithExif();
        expect(input.includes(Buffer.from(SECRET))).toBe(true);
        // The declared type is ignored: the bytes say JPEG.
        const up = await upload(s.home.token, s.id, input, 'image/png');
        expect(up.statusCode, up.body).toBe(201);
        const attachment = up.json().data;
        expect(attachment.attributes).toMatchObject({
          matchSeriesId: s.id,
          contentType: 'image/jpeg',
          width: 16,
          height: 16,
          uploadedBy: { id: s.home.userId },
        });
        expect(attachment.attributes.byteSize).toBeLessThan(input.length);
        const bytes = await ctx.app.inject({ url: attachment.attributes.url, headers: bearer(s.away.token) });
        expect(bytes.statusCode).toBe(200);
        expect(bytes.headers['content-type']).toBe('image/jpeg');
        expect(bytes.headers['cache-control']).toContain('private');
        const out = bytes.rawPayload;
        expect([out[0], out[1]]).toEqual([0xff, 0xd8]);
        expect(out.includes(Buffer.from('Exif'))).toBe(false);
        expect(out.includes(Buffer.from(SECRET))).toBe(false);
        expect(out.length).toBe(attachment.attributes.byteSize);
        const list = await call(ctx.app, s.away.token, 'GET', `${T}/match-series/${s.id}/attachments`);
        expect(list.json().data.map((a: { id: string }) => a.id)).toEqual([attachment.id]);
        const [entry] = await logOf(s.id, 'match-series.attachment.upload');
        expect(entry).toMatchObject({ eventId: callers.eventId, userId: s.home.userId });
      });

      it('refuses what is not an image, a damaged image and a too large one; nothing is stored', async () => {
        const s = await played();
        const svg = Buffer.from('<svg onload="alert(1)"></svg>');
        expect(refusal(await upload(s.home.token, s.id, svg, 'image/png'))).toMatchObject({
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
        expect(refusal(await upload(s.home.token, s.id, JPEG_16.subarray(0, 200)))).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
        const big = Buffer.concat([JPEG_16, Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
        expect(refusal(await upload(s.home.token, s.id, big))).toMatchObject({
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
        });
        expect(await attachmentsIn(s.id)).toBe(0);
        expect(await logOf(s.id, 'match-series.attachment.upload')).toHaveLength(0);
      });

      it('an unknown series is 404; an attachment of another series is 404 there', async () => {
        const s = await played();
        const other = await played();
        const up = await upload(other.home.token, other.id, JPEG_16);
        expect(up.statusCode).toBe(201);
        const there = await ctx.app.inject({
          url: `${T}/match-series/${s.id}/attachments/${up.json().data.id}`,
          headers: bearer(s.home.token),
        });
        expect(refusal(there)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect(refusal(await upload(s.home.token, UNKNOWN, JPEG_16))).toMatchObject({ status: 404 });
      });

      it('role × action: upload, list and read', async () => {
        const s = await played();
        const url = (await upload(s.home.token, s.id, JPEG_16)).json().data.attributes.url;
        for (const role of EVERYONE) {
          const token = tokenOf(role, s);
          const before = await attachmentsIn(s.id);
          const want = expected(role, VIEWERS, 201);
          expect((await upload(token, s.id, JPEG_16)).statusCode, `${role} upload`).toBe(want);
          expect(await attachmentsIn(s.id), `${role} upload writes`).toBe(before + (want === 201 ? 1 : 0));
          const list = await call(ctx.app, token, 'GET', `${T}/match-series/${s.id}/attachments`);
          expect(list.statusCode, `${role} list`).toBe(expected(role, VIEWERS, 200));
          const read = await ctx.app.inject({ url, headers: token ? bearer(token) : {} });
          expect(read.statusCode, `${role} read`).toBe(expected(role, VIEWERS, 200));
        }
      });
    });

    describe('the players of both teams', () => {
      /** A hub user playing `tag` (their game account), with a token. */
      async function playerOf(tag: string) {
        const user = await createUserWithToken(
          ctx.database.db,
          `${tag.slice(1).toLowerCase()}@team.test`,
          TEST_NOW,
        );
        await ctx.database.db
          .insert(gameAccounts)
          .values({ userId: user.userId, playerTag: tag, username: tag });
        return user.token;
      }

      it('read the screenshots and the disputes, but neither upload nor dispute; another team reads nothing', async () => {
        const s = await played();
        const url = (await upload(s.home.token, s.id, JPEG_16)).json().data.attributes.url;
        const why = { teammate: s.away.playerTags[1]!, otherTeam: s.stranger.playerTags[1]! };
        for (const [who, tag] of Object.entries(why)) {
          const token = await playerOf(tag);
          const want = who === 'teammate' ? 200 : 403;
          const list = await call(ctx.app, token, 'GET', `${T}/match-series/${s.id}/attachments`);
          expect(list.statusCode, `${who} lists`).toBe(want);
          expect((await ctx.app.inject({ url, headers: bearer(token) })).statusCode, `${who} reads`).toBe(
            want,
          );
          const disputes = await call(ctx.app, token, 'GET', `${T}/match-series/${s.id}/disputes`);
          expect(disputes.statusCode, `${who} reads the disputes`).toBe(want);
          const before = await attachmentsIn(s.id);
          expect((await upload(token, s.id, JPEG_16)).statusCode, `${who} uploads`).toBe(403);
          expect(await attachmentsIn(s.id)).toBe(before);
          expect(refusal(await dispute(token, s.id, { reason: 'We lost', attachmentIds: [] })).status).toBe(
            403,
          );
          expect(await disputesIn(s.id)).toBe(0);
        }
      });
    });
  },
  // No workers: the series start (START) is before the clock, so a no-show job polled in the middle of
  // a test would forfeit the series the test is about to finish (a flake seen on a loaded machine).
  { config: { ladder: { ...defaultLadderConfig(), workers: false } }, deps: { now: () => clock } },
);

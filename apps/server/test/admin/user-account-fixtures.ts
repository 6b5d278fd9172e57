import { crc32, deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  activityLog,
  type gameAccounts,
  mailOutbox,
  type storedImages,
  type userEmailAddresses,
  type userPhoneNumbers,
} from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/features/auth/password.js';
import { createUserRepository } from '../../src/features/auth/user-repository.js';
import { JPEG_16, WEBP } from '../fixtures/images.js';
import { bearer, type TestContext } from '../harness.js';
import { type Callers, createCallers, login } from './admin-fixtures.js';

// Shared by the user-account*.test.ts files: the images they upload and the users they act on.

export const PASSWORD = 'account-password';

/** A PNG of `width` × 1 pixels, with the given extra chunks before the image data. */
export function png(width: number, extra: { type: string; data: Buffer }[] = []): Buffer {
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
export function jpegWithExif(): Buffer {
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
export function webpWithExif(): Buffer {
  const data = Buffer.from('GPS 48.8584N camera-serial-12345', 'latin1');
  const head = Buffer.alloc(8);
  head.write('EXIF', 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  const out = Buffer.concat([WEBP, head, data]);
  out.writeUInt32LE(out.length - 8, 4);
  out[20] = out[20]! | 0x08;
  return out;
}

export function upload(
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

/** The callers of every role, with the support and admin tokens at hand. */
export async function accountCallers(ctx: TestContext) {
  const callers: Callers = await createCallers(ctx);
  return { callers, support: callers.tokens.support!, admin: callers.tokens.admin! };
}

/** Fresh users to act on (one per call, signed in) and counts of what they own and of the log. */
export function accountHelpers(ctx: TestContext) {
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
  return { target, counter: () => counter, next: () => counter++, db, rowsOf, logCount, outboxTo };
}

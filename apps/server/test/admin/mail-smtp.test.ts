import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../src/features/mail/mailer.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

// A real SMTP conversation with an in-process server: what nodemailer sends is what arrives.
let server: SMTPServer;
let port: number;
const received: { to: string[]; raw: string }[] = [];
let testDb: TestDatabase;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  testDb = await createTestDatabase('pglite');
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await testDb.dispose();
});

it('delivers through SMTP when SMTP_URL is set, and only when flushed', async () => {
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Clan War Hub <no-reply@hub.test>',
    now: () => new Date(),
  });
  expect(mailer.kind).toBe('smtp');
  const flush = await mailer.queue(
    { to: 'player@hub.test', subject: 'Reset your password', text: 'Reset code: abc' },
    testDb.database.db,
  );
  expect(received).toHaveLength(0);
  await flush();
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual(['player@hub.test']);
  expect(received[0]!.raw).toContain('Subject: Reset your password');
  expect(received[0]!.raw).toContain('Reset code: abc');
});

it('writes to the outbox table on the embedded default', async () => {
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'x <x@hub.test>',
    now: () => new Date('2026-03-15T12:00:00Z'),
  });
  expect(mailer.kind).toBe('outbox');
  await mailer.queue({ to: 'Player@Hub.test', subject: 'Hello', text: 'Body' }, testDb.database.db);
  const rows = await testDb.database.db.query.mailOutbox.findMany();
  expect(rows.map((r) => [r.to, r.subject])).toEqual([['player@hub.test', 'Hello']]);
});

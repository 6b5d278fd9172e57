import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.js';
import { bearer, testConfig, withTestApp } from './harness.js';
import { gameUser, T } from './players/players-helpers.js';

/** Collects what the app's logger writes, one parsed JSON line per entry. */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, raw: () => raw };
}

describe('log redaction', () => {
  it('keeps player tokens and credentials out of the logs while still logging the refusal', async () => {
    const logs = captureLogs();
    const options = loggerOptions(testConfig({ logLevel: 'debug' }), undefined) as Record<string, unknown>;
    await withTestApp(
      'pglite',
      async ({ app }) => {
        const { status, token, body } = await gameUser(app, T.leader);
        expect(status).toBe(404);
        expect(token).toEqual(expect.any(String));
        const refresh = body.errors[0].meta.refreshToken.value as string;
        await app.inject({ method: 'GET', url: '/api/users/1.0/user', headers: bearer(token!) });

        const rejected = logs.lines.find((line) => line.msg === 'request rejected');
        expect(rejected).toMatchObject({
          err: { code: 'NOT_REGISTERED', meta: { token: '[Redacted]', refreshToken: '[Redacted]' } },
        });
        expect(logs.lines.some((line) => line.msg === 'incoming request')).toBe(true);
        expect(logs.raw()).not.toContain(token!);
        expect(logs.raw()).not.toContain(refresh);
      },
      { deps: { logger: { ...options, stream: logs.stream } } },
    );
  });
});

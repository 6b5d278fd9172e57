import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { API } from '@cwh/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAsAdmin } from '../harness.js';

/**
 * Issue #35: uploads are refused before they are read when the caller may not upload. The request
 * goes out as headers only, announcing a body that never comes: an answer proves the server decided
 * on the headers (had it waited for the body, no answer would come before the socket is closed).
 */
function headersOnly(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without an answer: ${answer}`)));
    const lines = Object.entries({ host: 'localhost', ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

const UPLOADS = [
  ['PATCH', `${API.users}/user/avatar`, 900_000],
  ['PATCH', `${API.users}/profiles/00000000-0000-4000-8000-000000000001/avatar`, 900_000],
  ['POST', `${API.tournaments}/match-series/00000000-0000-4000-8000-000000000001/attachments`, 3_000_000],
] as const;

describeEachDatabase('uploads are decided on their headers', (ctx) => {
  it.each(UPLOADS)('%s %s: anonymous, refused with 401 before the body', async (method, path, size) => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = ctx.app.server.address() as AddressInfo;
    const status = await headersOnly(port, method, path, {
      'content-type': 'image/png',
      'content-length': String(size),
    });
    expect(status).toBe(401);
  });

  it.each(UPLOADS)(
    '%s %s: signed in, a Content-Length over the limit is 413 before the body',
    async (method, path) => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
      const { port } = ctx.app.server.address() as AddressInfo;
      const admin = await loginAsAdmin(ctx.app);
      const status = await headersOnly(port, method, path, {
        authorization: `Bearer ${admin.token.value}`,
        'content-type': 'image/png',
        'content-length': String(50 * 1024 * 1024),
      });
      expect(status).toBe(413);
    },
  );
});

import { API } from '@cwh/contract';
import { expect, it } from 'vitest';
import { clientLogs } from '../src/db/schema/index.js';
import { describeEachDatabase, jsonApiBody, jsonApiRequest } from './harness.js';

const LOG = `${API.log}/log`;
const report = {
  error: 'TypeError: x is undefined',
  meta: { userId: 'u1', playerTag: '#ABC', scToken: 'secret-player-token', country: 'CA' },
  url: 'https://hub.example/en/my-clan',
};

describeEachDatabase(
  'log service',
  (ctx) => {
    it('stores a bare report with tenant, user agent and ip, redacting the player token', async () => {
      const response = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: LOG,
          payload: report,
          headers: { 'user-agent': 'vitest-agent', 'x-tenant': 'emea' },
        }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        type: 'logs',
        attributes: { receivedAt: expect.any(String) },
      });
      const rows = await ctx.database.db.select().from(clientLogs);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        tenant: 'emea',
        userAgent: 'vitest-agent',
        error: report.error,
        url: report.url,
      });
      expect(rows[0]!.ip).toBe('127.0.0.1');
      expect(rows[0]!.meta).toMatchObject({ playerTag: '#ABC', scToken: '[redacted]' });
    });

    it('accepts a JSON:API wrapped report', async () => {
      const response = await ctx.app.inject(
        jsonApiRequest({ method: 'POST', url: LOG, payload: jsonApiBody(report) }),
      );
      expect(response.statusCode).toBe(201);
    });

    it('rejects a report without an error text', async () => {
      const response = await ctx.app.inject(
        jsonApiRequest({ method: 'POST', url: LOG, payload: { url: '/' } }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
    });

    it('rate-limits per ip with 429 RATE_LIMITED', async () => {
      const send = () =>
        ctx.app.inject(
          jsonApiRequest({ method: 'POST', url: LOG, payload: report, remoteAddress: '10.9.9.9' }),
        );
      for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(201);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errors[0].code).toBe('RATE_LIMITED');
      const otherIp = await ctx.app.inject(
        jsonApiRequest({ method: 'POST', url: LOG, payload: report, remoteAddress: '10.9.9.10' }),
      );
      expect(otherIp.statusCode).toBe(201);
    });
  },
  { seed: false, config: { logRateLimitPerMinute: 3 } },
);

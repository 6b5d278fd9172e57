import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.js';

describeEachDatabase(
  'health',
  (ctx) => {
    it('GET /health answers ok', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok' });
    });

    it('GET /ready pings the database', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    });

    it('echoes a request id', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-request-id': 'abc-1' },
      });
      expect(response.headers['x-request-id']).toBe('abc-1');
    });
  },
  { seed: false },
);

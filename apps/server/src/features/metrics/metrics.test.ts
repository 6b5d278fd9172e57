import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createMetrics, registerMetrics } from './metrics.js';

describe('GET /metrics access', () => {
  // Refusals answer before anything is collected, so no database is read.
  const unreadDb = {} as Db;

  it.each([
    ['closed (no token outside the demo): nobody', { access: 'closed' } as const, 'Bearer anything'],
    ['a token: a wrong bearer', { access: 'token', token: 'scrape-me' } as const, 'Bearer guess'],
    ['a token: no bearer', { access: 'token', token: 'scrape-me' } as const, undefined],
  ])('%s is refused with 401', async (_why, access, authorization) => {
    const app = Fastify({ logger: false });
    registerMetrics(
      app,
      createMetrics(unreadDb, () => 0),
      access,
    );
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      ...(authorization ? { headers: { authorization } } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('cwh_');
    await app.close();
  });
});

import { API, JSONAPI_MEDIA_TYPE } from '@cwh/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, jsonApiBody, TEST_ADMIN } from './harness.js';

const EVENTS = `${API.tournaments}/events`;

describeEachDatabase(
  'http plumbing',
  (ctx) => {
    it('answers JSON:API by default and plain JSON on request, with the same body', async () => {
      const jsonApi = await ctx.app.inject({ method: 'GET', url: EVENTS });
      expect(jsonApi.headers['content-type']).toBe(`${JSONAPI_MEDIA_TYPE}; charset=utf-8`);
      const plain = await ctx.app.inject({
        method: 'GET',
        url: EVENTS,
        headers: { accept: 'application/json' },
      });
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.json()).toEqual(jsonApi.json());
      const both = await ctx.app.inject({
        method: 'GET',
        url: EVENTS,
        headers: { accept: `application/json, ${JSONAPI_MEDIA_TYPE}` },
      });
      expect(both.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
    });

    it('negotiates error documents too', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${EVENTS}/x`,
        headers: { accept: 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
    });

    it('accepts plain JSON request bodies as well as JSON:API', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.users}/login`,
        headers: { 'content-type': 'application/json' },
        payload: jsonApiBody(TEST_ADMIN),
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers 415 for another content type', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.users}/login`,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers 413 for an oversized body', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.log}/log`,
        headers: { 'content-type': JSONAPI_MEDIA_TYPE },
        payload: JSON.stringify({ error: 'x'.repeat(ctx.config.bodyLimitBytes + 10), url: '/' }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().errors[0].code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers 400 for malformed JSON, without a stack trace', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.users}/login`,
        headers: { 'content-type': JSONAPI_MEDIA_TYPE },
        payload: '{"data": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
      expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
    });

    it('answers a JSON:API 404 for an unknown API route', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/tournaments/1.0/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain(JSONAPI_MEDIA_TYPE);
      expect(response.json()).toMatchObject({
        errors: [{ status: '404', code: 'NOT_FOUND' }],
        meta: { status: 404, method: 'GET', path: '/api/tournaments/1.0/nothing-here' },
      });
    });

    it('validates the tenant header', async () => {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: EVENTS,
        headers: { 'x-tenant': 'Bad Tenant!' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        source: { parameter: 'x-tenant' },
      });
      const tooLong = await ctx.app.inject({
        method: 'GET',
        url: EVENTS,
        headers: { 'x-tenant': 'a'.repeat(33) },
      });
      expect(tooLong.statusCode).toBe(400);
    });

    it('treats x-no-tenant as the default tenant', async () => {
      const noTenant = await ctx.app.inject({ method: 'GET', url: EVENTS, headers: { 'x-no-tenant': '1' } });
      const global = await ctx.app.inject({ method: 'GET', url: EVENTS, headers: { 'x-tenant': 'global' } });
      expect(noTenant.json().data.length).toBe(3);
      expect(noTenant.json()).toEqual(global.json());
    });

    it('serves the OpenAPI document and the docs page', async () => {
      const spec = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(spec.statusCode).toBe(200);
      expect(spec.headers['content-type']).toContain('application/json');
      const paths = Object.keys(spec.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/users/1.0/login',
          '/api/tournaments/1.0/events/{id}',
          '/api/tournaments/1.0/events/{eventId}/segments',
          '/api/log/1.0/log',
        ]),
      );
      const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-type']).toContain('text/html');
    });
  },
  { config: { bodyLimitBytes: 4096 } },
);

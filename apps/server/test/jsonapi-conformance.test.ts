import { describe, expect, it } from 'vitest';
import { checkAnswer, JsonApiViolation } from './jsonapi-conformance.js';

/** The suite-wide check refuses what the issue found, and lets through what is not JSON:API. */
const JSONAPI = 'application/vnd.api+json; charset=utf-8';
const check = (
  body: unknown,
  options: { url?: string; status?: number; type?: string; method?: string } = {},
) =>
  checkAnswer(
    options.method ?? 'GET',
    options.url ?? '/api/tournaments/1.0/events',
    options.status ?? 200,
    options.type ?? JSONAPI,
    typeof body === 'string' ? body : JSON.stringify(body),
  );

describe('JSON:API answer check', () => {
  it('accepts resources, lists, null data and error documents with meta', () => {
    expect(check({ data: { id: '1', type: 'segments', attributes: { name: 'Ladder' } } })).toBe('jsonapi');
    expect(check({ data: [], meta: { page: { number: 1 } } })).toBe('jsonapi');
    expect(check({ data: null })).toBe('jsonapi');
    const error = { status: '404', code: 'NOT_FOUND', title: 'Not found', source: { parameter: 'id' } };
    expect(check({ errors: [error], meta: { status: 404 } }, { status: 404 })).toBe('jsonapi');
  });

  it.each([
    ['an attribute named type', { data: { id: '1', type: 'segments', attributes: { type: 'ladder' } } }],
    ['a member beside attributes', { data: { id: '1', type: 'match-series', date: 'x', attributes: {} } }],
    ['a resource without type', { data: { id: '1', name: 'roster' } }],
    ['a numeric error status', { errors: [{ status: 400, code: 'X', title: 'X' }] }],
    ['a foreign top-level member', { data: null, link: 'x' }],
    ['a plain object', { status: 'ok' }],
  ])('refuses %s', (_name, body) => {
    expect(() => check(body)).toThrow(JsonApiViolation);
  });

  it('refuses a non-JSON or empty body that declares the JSON:API media type', () => {
    expect(() => check('not json')).toThrow(JsonApiViolation);
    expect(() => check('')).toThrow(JsonApiViolation);
    expect(check('', { status: 204 })).toBe('none');
  });

  it('checks plain-JSON answers of /api routes, and leaves probes and documentation alone', () => {
    expect(() => check({ status: 'ok' }, { type: 'application/json' })).toThrow(JsonApiViolation);
    expect(check({ status: 'ok' }, { url: '/health', type: 'application/json' })).toBe('plain');
    expect(check({ openapi: '3.0.0' }, { url: '/api/openapi.json', type: 'application/json' })).toBe('plain');
    expect(check('png', { url: '/api/clan/1.0/wechatqrcode/by-roster/1', type: 'image/png' })).toBe('plain');
  });
});

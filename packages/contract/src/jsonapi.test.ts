import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorDocument, eventResource, requestBody } from './index.js';

describe('contract', () => {
  it('rejects an event resource without a date range', () => {
    const parsed = eventResource.safeParse({
      id: '1',
      type: 'events',
      attributes: { name: 'x', status: 'active' },
    });
    expect(parsed.success).toBe(false);
  });

  it('accepts a wrapped request body and rejects a bare one', () => {
    const body = requestBody(z.object({ email: z.email() }));
    expect(body.safeParse({ data: { attributes: { email: 'a@b.co' } } }).success).toBe(true);
    expect(body.safeParse({ email: 'a@b.co' }).success).toBe(false);
  });

  it('requires at least one error object', () => {
    const meta = { message: 'x', status: 400, method: 'GET', path: '/' };
    expect(errorDocument.safeParse({ errors: [], meta }).success).toBe(false);
  });
});

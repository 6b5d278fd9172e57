import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedWebhookUrl, maskWebhookUrl, nextDeliveryStep, type RetryPolicy } from './webhook.js';

const TOKEN = 'abcDEF123_-abcDEF123_-xyzW';

describe('isAllowedWebhookUrl', () => {
  it.each([
    ['a Discord webhook', `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`, true],
    ['the old discordapp.com host', `https://discordapp.com/api/webhooks/123456789012345678/${TOKEN}`, true],
    ['plain http', `http://discord.com/api/webhooks/123456789012345678/${TOKEN}`, false],
    ['no token', 'https://discord.com/api/webhooks/123456789012345678', false],
    ['an id that is not a number', `https://discord.com/api/webhooks/abc/${TOKEN}`, false],
    ['a query', `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?wait=true`, false],
    ['another host', `https://example.com/api/webhooks/123456789012345678/${TOKEN}`, false],
    ['a look-alike host', `https://discord.com.evil.test/api/webhooks/1234567890/${TOKEN}`, false],
    ['credentials', `https://user@discord.com/api/webhooks/123456789012345678/${TOKEN}`, false],
  ])('%s', (_why, url, allowed) => {
    expect(isAllowedWebhookUrl(url)).toBe(allowed);
  });

  it('a configured base admits addresses under it, and only under it', () => {
    const bases = ['http://127.0.0.1:9999/hooks/'];
    expect(isAllowedWebhookUrl('http://127.0.0.1:9999/hooks/event-1/secret', bases)).toBe(true);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9999/hooks/', bases)).toBe(false);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9999/other/x', bases)).toBe(false);
    expect(isAllowedWebhookUrl('http://127.0.0.1:9999/hooks/x', [])).toBe(false);
  });
});

describe('maskWebhookUrl', () => {
  it('hides the token but its last four characters', () => {
    expect(maskWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${TOKEN}`)).toBe(
      'https://discord.com/api/webhooks/123456789012345678/••••xyzW',
    );
  });

  it('never shows more than four characters of the last segment (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/), (token) => {
        const masked = maskWebhookUrl(`https://discord.com/api/webhooks/1/${token}`);
        const shown = masked.slice(masked.lastIndexOf('•') + 1);
        expect(shown.length).toBeLessThanOrEqual(4);
        if (token.length > 8) expect(masked).not.toContain(token.slice(0, -4));
      }),
    );
  });
});

describe('nextDeliveryStep', () => {
  const policy: RetryPolicy = { maxAttempts: 5, baseDelaySeconds: 10, maxDelaySeconds: 600 };
  const status = (code: number, retryAfterSeconds?: number) =>
    ({ kind: 'status', status: code, retryAfterSeconds }) as const;

  it.each([
    ['204 is delivered', status(204), 1, { kind: 'sent' }],
    ['a 404 (deleted webhook) is not retried', status(404), 1, { kind: 'failed', reason: 'rejected' }],
    ['a 401 (bad token) is not retried', status(401), 2, { kind: 'failed', reason: 'rejected' }],
    ['a 429 waits retry_after', status(429, 2.5), 1, { kind: 'retry', delaySeconds: 2.5 }],
    ['a 429 waits at least a second', status(429, 0.1), 1, { kind: 'retry', delaySeconds: 1 }],
    ['a 500 backs off', status(500), 1, { kind: 'retry', delaySeconds: 10 }],
    ['the third attempt waits four times the base', status(503), 3, { kind: 'retry', delaySeconds: 40 }],
    ['no answer is retried', { kind: 'unreachable' } as const, 2, { kind: 'retry', delaySeconds: 20 }],
    ['the last attempt gives up', status(500), 5, { kind: 'failed', reason: 'exhausted' }],
  ])('%s', (_why, answer, attempt, step) => {
    expect(nextDeliveryStep(answer, attempt, policy)).toEqual(step);
  });

  it('a retry always waits between 1 s and the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.integer({ min: 1, max: 20 }),
        fc.option(fc.double({ min: 0, max: 10_000, noNaN: true })),
        (code, attempt, retryAfter) => {
          const step = nextDeliveryStep(
            { kind: 'status', status: code, retryAfterSeconds: retryAfter },
            attempt,
            policy,
          );
          if (step.kind === 'retry') {
            expect(step.delaySeconds).toBeGreaterThanOrEqual(1);
            expect(step.delaySeconds).toBeLessThanOrEqual(policy.maxDelaySeconds);
            expect(attempt).toBeLessThan(policy.maxAttempts);
          }
        },
      ),
    );
  });
});

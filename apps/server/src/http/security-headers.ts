import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response, made by helmet. The CSP allows only this origin's scripts
 * and connections (the SPA and its socket are same-origin); `frame-ancestors` names who may frame
 * the hub, the game's web view (FRAME_ANCESTORS), so no other page can frame it.
 */
export function securityHeaderOptions(frameAncestors: string[]): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // The web's components set style attributes; they cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // X-Frame-Options cannot name several origins; frame-ancestors above is the rule.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Discord's OAuth popup and the game's web view need cross-origin windows to keep working.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options. They depend on nothing in the request (no nonce, no
 * function directive), so helmet runs once, at start, against a response that records them.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Every response carries them, set in the first `onRequest` hook. Not @fastify/helmet: it builds a
 * new helmet middleware for every request (parsing the CSP directives each time), about 15 µs a
 * request here, a third of what a bare Fastify hello-world spends on one (bench `api`).
 */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string[]): void {
  const headers = securityHeadersOf(securityHeaderOptions(frameAncestors));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

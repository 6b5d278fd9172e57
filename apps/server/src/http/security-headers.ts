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
    // For browsers that predate frame-ancestors. X-Frame-Options cannot name another origin: when
    // the game's web view is listed it is left out, and frame-ancestors (which wins wherever both are
    // understood) is the rule.
    frameguard: frameGuardFor(frameAncestors),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // No other origin keeps a handle on the hub's window; the hub's own popups (Discord's OAuth) still
    // report back to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  };
}

function frameGuardFor(frameAncestors: readonly string[]): HelmetOptions['frameguard'] {
  if (frameAncestors.length !== 1) return false;
  if (frameAncestors[0] === "'self'") return { action: 'sameorigin' };
  if (frameAncestors[0] === "'none'") return { action: 'deny' };
  return false;
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

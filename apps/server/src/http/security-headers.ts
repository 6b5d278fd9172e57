import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (@fastify/helmet). The CSP allows only this origin's scripts
 * and connections (the SPA and its socket are same-origin); `frame-ancestors` names who may frame
 * the hub, the game's web view (FRAME_ANCESTORS), so no other page can frame it.
 * The Swagger UI (/api/docs) keeps its own CSP: it ships inline scripts with hashes (staticCSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // React and CSS-in-JS set style attributes; they cannot run script.
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
  });
}

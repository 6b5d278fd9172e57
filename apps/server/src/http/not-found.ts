import type { FastifyInstance } from 'fastify';
import { sendErrors } from './error-handler.js';

/** Unknown API routes answer a JSON:API 404; other GETs get the SPA's index.html when it is served. */
export function registerNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (spa && !isApi && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    const path = request.url.split('?')[0] ?? request.url;
    return sendErrors(request, reply, 404, [
      { status: '404', code: 'NOT_FOUND', title: 'Not found', detail: `No route ${request.method} ${path}` },
    ]);
  });
}

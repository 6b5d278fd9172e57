import { isSpaPagePath } from '@cwh/domain';
import type { FastifyInstance } from 'fastify';
import { sendErrors } from './error-handler.js';
import { encodedPage } from './prerender.js';
import type { ServedSpa } from './static-web.js';

/**
 * Unknown API routes answer a JSON:API 404. Other GETs get the SPA's index.html when it is served:
 * with 200 for a page of the SPA's route table (domain SPA_PAGES, the table the web router is
 * built from), with 404 for any other path, where the SPA shows 'This page could not be found'.
 * The public pages come with their HTML from the web's server renderer (prerender.ts).
 */
export function registerNotFound(app: FastifyInstance, spa: ServedSpa | false): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (spa && !isApi && wantsPage) {
      const rendered = await spa.prerender?.render(request);
      if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      if (rendered) {
        const { body, encoding } = encodedPage(rendered, request.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .code(isSpaPagePath(path) ? rendered.status : 404)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      return reply
        .code(isSpaPagePath(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html');
    }
    return sendErrors(request, reply, 404, [
      { status: '404', code: 'NOT_FOUND', title: 'Not found', detail: `No route ${request.method} ${path}` },
    ]);
  });
}

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { headOrder } from './head-order';
import { precompress } from './precompress';
import { OVERLAY_NAMESPACES, ROUTE_NAMESPACES, SHELL_NAMESPACES } from './src/i18n/namespaces';
import { ssrBundle } from './ssr-bundle';

const API_TARGET = process.env.CWH_API_TARGET ?? 'http://localhost:8080';
/** The dev server and the preview server both forward the API, health and socket to the hub. */
const API_PROXY = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/health': { target: API_TARGET, changeOrigin: true },
  '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
};

const SHELL: ReadonlySet<string> = new Set(SHELL_NAMESPACES);
/**
 * A namespace only one route module (or the lazily loaded overlays) uses → that module (its texts can
 * travel together); else none.
 */
const ONLY_ROUTE = new Map<string, string | null>();
for (const [route, namespaces] of [
  ...Object.entries(ROUTE_NAMESPACES),
  ['overlays', OVERLAY_NAMESPACES] as const,
]) {
  for (const ns of namespaces) ONLY_ROUTE.set(ns, ONLY_ROUTE.has(ns) ? null : route);
}

/**
 * Translation chunks (i18n.ts fetches each language's namespaces when a route needs them): a
 * language's shell texts are one chunk, and the namespaces used by one route module only are one
 * chunk per language and route; namespaces several routes use stay on their own. Same texts, fewer
 * requests (the local server speaks HTTP/1.1: six at a time) and better compression. English shell
 * texts are in the entry chunk already.
 */
function textsChunk(id: string): string | null {
  const match = /\/src\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (!match) return null;
  const [, locale, ns] = match as unknown as [string, string, string];
  if (SHELL.has(ns)) return locale === 'en' ? null : `texts-${locale}-shell`;
  const route = ONLY_ROUTE.get(ns);
  return route ? `texts-${locale}-${route}` : null;
}

export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test (vitest sets it; the e2e setup builds
  // the web that way), and Vite then bundles React's development build: ≈ 200 kB more, and not what
  // is served. A production-mode build is a production build; NODE_ENV=development still gives a
  // development one. (Vite reads NODE_ENV after loading this file.)
  if (command === 'build' && mode === 'production' && process.env.NODE_ENV === 'test') {
    process.env.NODE_ENV = 'production';
  }
  return {
    plugins: [react(), headOrder(), precompress(), ssrBundle()],
    server: { proxy: API_PROXY },
    preview: { proxy: API_PROXY },
    build: {
      target: 'es2022',
      rolldownOptions: {
        // The domain package is pure rules and data (no module runs anything for its effect): what the
        // web does not use of it is left out, e.g. the server's error catalogue and its documentation
        // texts, which module-level tables (SERVER_ERROR_STATUS) otherwise keep in the first chunk.
        treeshake: { moduleSideEffects: (id: string) => !/\/packages\/domain\/src\//.test(id) },
        output: { codeSplitting: { groups: [{ name: textsChunk, debugName: 'texts' }] } },
      },
      // WEB_OUT_DIR builds elsewhere than apps/web/dist (the npm start e2e test, so it does not
      // replace the suite's coverage build); the server then reads it through WEB_DIST.
      ...(process.env.WEB_OUT_DIR ? { outDir: process.env.WEB_OUT_DIR, emptyOutDir: true } : {}),
      // The e2e suite's coverage build (e2e/support/coverage.ts): unminified, with source maps that
      // the bundle does not reference, so V8's coverage maps back to the sources. Removed after.
      ...(process.env.WEB_COVERAGE_BUILD === 'true' ? { minify: false, sourcemap: 'hidden' as const } : {}),
    },
  };
});

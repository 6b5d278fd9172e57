import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const API_TARGET = process.env.CWH_API_TARGET ?? 'http://localhost:8080';
/** The dev server and the preview server both forward the API, health and socket to the hub. */
const API_PROXY = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/health': { target: API_TARGET, changeOrigin: true },
  '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
};

export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test (vitest sets it; the e2e setup builds
  // the web that way), and Vite then bundles React's development build: ≈ 200 kB more, and not what
  // is served. A production-mode build is a production build; NODE_ENV=development still gives a
  // development one. (Vite reads NODE_ENV after loading this file.)
  if (command === 'build' && mode === 'production' && process.env.NODE_ENV === 'test') {
    process.env.NODE_ENV = 'production';
  }
  return {
    plugins: [react(), precompress()],
    server: { proxy: API_PROXY },
    preview: { proxy: API_PROXY },
    build: {
      target: 'es2022',
      // WEB_OUT_DIR builds elsewhere than apps/web/dist (the npm start e2e test, so it does not
      // replace the suite's coverage build); the server then reads it through WEB_DIST.
      ...(process.env.WEB_OUT_DIR ? { outDir: process.env.WEB_OUT_DIR, emptyOutDir: true } : {}),
      // The e2e suite's coverage build (e2e/support/coverage.ts): unminified, with source maps that
      // the bundle does not reference, so V8's coverage maps back to the sources. Removed after.
      ...(process.env.WEB_COVERAGE_BUILD === 'true' ? { minify: false, sourcemap: 'hidden' as const } : {}),
    },
  };
});

import { isAbsolute, join } from 'node:path';
import { build, type Plugin } from 'vite';

/** Where the server renderer goes inside the web build; the hub's static serving does not serve it. */
export const SSR_DIR = 'server';
export const SSR_ENTRY = 'src/entry-server.tsx';

/**
 * After the browser build, builds the server renderer (src/entry-server.tsx: React DOM's server
 * renderer over the same route table) into `<outDir>/server/entry-server.js`, one self-contained
 * ES module (React, React Router, i18next and every language's texts bundled in), which the hub
 * imports to answer the public pages with their HTML (issue 33). One `vite build` makes both, so
 * every place that builds the web (npm start, the e2e suite, the benches) gets the renderer too.
 */
export function ssrBundle(): Plugin {
  let outDir = 'dist';
  let root = '';
  let mode = 'production';
  let skip = false;
  return {
    name: 'cwh-ssr-bundle',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr);
      root = config.root;
      mode = config.mode;
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (skip) return;
      await build({
        root,
        mode,
        logLevel: 'error',
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: SSR_ENTRY,
          outDir: join(outDir, SSR_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          sourcemap: false,
          rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'entry-server.js' } },
        },
      });
    },
  };
}

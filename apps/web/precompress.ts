import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every compressible build file, once at
 * build time, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request or sending them raw.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'cwh-precompress',
    apply: 'build',
    configResolved(config) {
      // The server renderer (ssr-bundle.ts) is read from disk by the hub, never sent.
      ssr = Boolean(config.build.ssr);
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      if (ssr) return;
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const raw = readFileSync(path);
        if (raw.length < MIN_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_NAMESPACES, type RouteModule, SHELL_NAMESPACES } from '../../apps/web/src/i18n/namespaces';

/** `npm run …` arguments of a production web build into `outDir` with its manifest (what routeInitialJs reads). */
export function webBuildArgs(outDir: string, logLevel: 'error' | 'warn'): string[] {
  return [
    'run',
    'build',
    '-w',
    '@cwh/web',
    '--',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    '--logLevel',
    logLevel,
  ];
}

/** The hub's languages (packages/domain LOCALES); English's shell texts are in the first chunk. */
export const WEB_LOCALES = ['en', 'fr', 'it', 'de', 'es', 'pt', 'jp', 'ko', 'zh_TW'] as const;

/** A page served by each route module, for the figures (`/competition` is the ladder module's). */
export const ROUTE_EXAMPLE_PATH: Readonly<Record<RouteModule, string>> = {
  home: '/',
  'my-clan': '/my-clan',
  registration: '/registration/profile',
  errors: '/error/1',
  simulator: '/simulator',
  ladder: '/competition',
  match: '/match/1',
  admin: '/admin',
  finals: '/world-finals',
  broadcast: '/broadcast/1',
  statistics: '/statistics',
  notices: '/notifications',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface RouteJs {
  route: RouteModule;
  locale: (typeof WEB_LOCALES)[number];
  /** `/fr/competition`: the example page under the locale's prefix (none for English). */
  path: string;
  files: string[];
  raw: number;
  gzip: number;
}

/**
 * What the browser must fetch before a page renders, from a build made with `--manifest`: the entry
 * chunk (index.html's script) and its static imports, the route module's lazy chunk and its static
 * imports, and the translation chunks of the page's language (the shell's, unless English, whose
 * shell texts are in the entry, and the route's) with that language's table of them. JavaScript only, gzip level 9 per file as the
 * build's precompression writes it.
 */
export function routeInitialJs(outDir: string): RouteJs[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFileSync(join(outDir, file));
      size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the manifest');
  // The translation chunk of each language and namespace, as the browser finds it: the language's
  // table (src/i18n/bundles/<locale>.ts, a chunk i18n.ts fetches with the language's first bundle)
  // maps "../locales/fr/teams.json" to () => import("./texts-fr-shell-….js"). Several namespaces
  // may share a chunk (vite.config.ts groups them).
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const textsChunk = new Map<string, string>();
  const tableOf = (locale: string) => `src/i18n/bundles/${locale}.ts`;
  for (const locale of WEB_LOCALES) {
    const table = manifest[tableOf(locale)];
    if (!table) throw new Error(`no table of the ${locale} texts in the build's manifest`);
    const code = readFileSync(join(outDir, table.file), 'utf8');
    for (const m of code.matchAll(
      /"\.\.\/locales\/([^/"]+)\/(\w+)\.json"\s*:\s*\(\)\s*=>[^`'"]*?import\(\s*[`'"]\.\/([^`'"]+)[`'"]/g,
    )) {
      const key = byFile.get(join(dirname(table.file), m[3]!));
      if (key) textsChunk.set(`${m[1]}/${m[2]}`, key);
    }
  }
  if (textsChunk.size === 0) throw new Error('no translation chunk map found in the text tables');
  const texts = (locale: string, ns: string) => {
    const key = textsChunk.get(`${locale}/${ns}`);
    if (!key) throw new Error(`no chunk for the ${locale} ${ns} texts`);
    return key;
  };
  const out: RouteJs[] = [];
  for (const route of Object.keys(ROUTE_NAMESPACES) as RouteModule[]) {
    for (const locale of WEB_LOCALES) {
      const files = new Set<string>();
      closure(entry, files);
      closure(`src/routes/${route}.tsx`, files);
      const namespaces = [...(locale === 'en' ? [] : SHELL_NAMESPACES), ...ROUTE_NAMESPACES[route]];
      if (namespaces.length > 0) closure(tableOf(locale), files);
      for (const ns of namespaces) closure(texts(locale, ns), files);
      const js = [...files].filter((f) => f.endsWith('.js'));
      const example = ROUTE_EXAMPLE_PATH[route];
      out.push({
        route,
        locale,
        path: locale === 'en' ? example : `/${locale}${example === '/' ? '' : example}`,
        files: js,
        raw: js.reduce((sum, f) => sum + sizeOf(f).raw, 0),
        gzip: js.reduce((sum, f) => sum + sizeOf(f).gzip, 0),
      });
    }
  }
  return out;
}

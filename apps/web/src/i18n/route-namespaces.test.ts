import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLocale, loadNamespaces } from './i18n';
import {
  NAMESPACES,
  OVERLAY_NAMESPACES,
  ROUTE_NAMESPACES,
  type RouteModule,
  SHELL_NAMESPACES,
} from './namespaces';

/**
 * Which namespaces a part of the app uses, read from its sources: `useTranslation('x')` or
 * `useTranslation(['x', 'y'])` (no argument: common), `'x:key'` and `ns: 'x'`, in every module it
 * imports (type-only imports aside). The shell is main.tsx and its static imports; a route module
 * adds its own imports and the lazy ones inside it (admin console pages), not the other routes.
 */
const SRC = resolve(import.meta.dirname, '..');
const KNOWN = new Set<string>(NAMESPACES);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function read(file: string) {
  const source = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const statics = [...source.matchAll(/^(import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    (m) => m[2]!,
  );
  statics.push(...[...source.matchAll(/^import\s+'([^']+)'/gm)].map((m) => m[1]!));
  const dynamics = [...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
  const namespaces = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const named = [...m[1]!.matchAll(/'(\w+)'/g)].map((n) => n[1]!);
    for (const ns of named.length > 0 ? named : ['common']) namespaces.add(ns);
  }
  for (const m of source.matchAll(/['"`](\w+):[\w.]/g)) if (KNOWN.has(m[1]!)) namespaces.add(m[1]!);
  for (const m of source.matchAll(/\bns:\s*\[?\s*'(\w+)'/g)) if (KNOWN.has(m[1]!)) namespaces.add(m[1]!);
  const resolved = (specs: string[]) => specs.map((s) => resolveImport(file, s)).filter((f) => f !== null);
  return { statics: resolved(statics), dynamics: resolved(dynamics), namespaces };
}

function namespacesOf(entry: string, followLazy: boolean, stopAt: ReadonlySet<string> = new Set()) {
  const seen = new Set<string>();
  const used = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const { statics, dynamics, namespaces } = read(file);
    for (const ns of namespaces) used.add(ns);
    stack.push(...statics);
    if (followLazy) stack.push(...dynamics.filter((d) => !stopAt.has(d)));
  }
  return { used, files: seen };
}

const ROUTE_MODULES = Object.keys(ROUTE_NAMESPACES) as RouteModule[];
const routeFile = (name: RouteModule) => resolve(SRC, 'routes', `${name}.tsx`);
const shell = namespacesOf(resolve(SRC, 'main.tsx'), false);
const sorted = (set: Iterable<string>) => [...set].sort();

describe('namespaces per route', () => {
  it('the shell (main.tsx and what it imports) uses exactly the shell namespaces', () => {
    expect(shell.files.size).toBeGreaterThan(20);
    expect(sorted(shell.used)).toEqual(sorted(SHELL_NAMESPACES));
  });

  it('the overlays declare exactly the namespaces they use beyond the shell', () => {
    const stopAt = new Set(ROUTE_MODULES.map(routeFile));
    const { used, files } = namespacesOf(resolve(SRC, 'overlays', 'overlay-host.tsx'), true, stopAt);
    // The shell does not import the overlays: they are fetched lazily, with their namespaces.
    expect(shell.files.has(resolve(SRC, 'overlays', 'overlay-host.tsx'))).toBe(false);
    expect(files.size).toBeGreaterThan(10);
    const beyondShell = [...used].filter((ns) => !(SHELL_NAMESPACES as readonly string[]).includes(ns));
    expect(sorted(OVERLAY_NAMESPACES)).toEqual(sorted(beyondShell));
  });

  for (const name of ROUTE_MODULES) {
    it(`routes/${name} declares exactly the namespaces it uses beyond the shell`, () => {
      const stopAt = new Set(ROUTE_MODULES.map(routeFile));
      const { used } = namespacesOf(routeFile(name), true, stopAt);
      const beyondShell = [...used].filter((ns) => !(SHELL_NAMESPACES as readonly string[]).includes(ns));
      expect(sorted(ROUTE_NAMESPACES[name])).toEqual(sorted(beyondShell));
    });
  }

  it('the route table loads each route module with its own namespaces', () => {
    const table = readFileSync(resolve(SRC, 'routes', 'route-table.tsx'), 'utf8');
    const chunks = [...table.matchAll(/chunk\('([\w-]+)', \(\) => import\('\.\/([\w-]+)'\)\)/g)];
    expect(chunks.map((m) => m[1]).sort()).toEqual([...ROUTE_MODULES].sort());
    for (const m of chunks) expect(m[1]).toBe(m[2]);
    // Every lazy route module of the table goes through chunk(): none is imported without its texts.
    expect([...table.matchAll(/import\('\.\/[\w-]+'\)/g)]).toHaveLength(ROUTE_MODULES.length);
  });

  it('lists every namespace once, in the shell, the overlays or a route', () => {
    const reached = new Set<string>([
      ...SHELL_NAMESPACES,
      ...OVERLAY_NAMESPACES,
      ...Object.values(ROUTE_NAMESPACES).flat(),
    ]);
    expect(sorted(reached)).toEqual(sorted(NAMESPACES));
    expect(relative(SRC, routeFile('home'))).toBe('routes/home.tsx');
  });
});

describe('loading namespaces', () => {
  // The test setup adds every bundle; these drop some and load them back through the app's path.
  afterEach(() => loadLocale('en'));

  it('fetches a page namespace in the language shown, and again in the next language', async () => {
    await loadLocale('fr');
    i18n.removeResourceBundle('fr', 'adminusers');
    i18n.removeResourceBundle('de', 'adminusers');
    i18n.removeResourceBundle('de', 'common');
    expect(i18n.hasResourceBundle('fr', 'adminusers')).toBe(false);
    await loadNamespaces(['adminusers']);
    expect(i18n.hasResourceBundle('fr', 'adminusers')).toBe(true);
    // Switching language brings the shell and the namespaces pages asked for, before the switch.
    await loadLocale('de');
    expect(i18n.language).toBe('de');
    expect(i18n.hasResourceBundle('de', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'adminusers')).toBe(true);
  });

  it('does not fetch namespaces no page asked for', async () => {
    i18n.removeResourceBundle('it', 'simulator');
    await loadLocale('it');
    expect(i18n.hasResourceBundle('it', 'simulator')).toBe(false);
    await loadNamespaces(['simulator']);
    expect(i18n.t('simulator:title', { defaultValue: '' })).not.toBe('');
  });
});

/**
 * Import rules checked by `npm run lint` (dependency-cruiser). `npm run lint:imports` cruises the
 * sources with this file, then the sources AND the tests with .dependency-cruiser.tests.cjs (every
 * rule but the folder cycles: a test beside a source imports the test harness, which imports the
 * whole app, so folders would look circular through tests).
 * - No import cycle between files of the server or the web.
 * - No cycle between the capability folders of the server (`apps/server/src/features/<capability>`)
 *   or the web (`apps/web/src/features/<capability>`): features import each other one way only.
 * - Layers: the server's infrastructure (db, errors, game, http, jobs, lib, realtime, redis.ts,
 *   paths.ts) never imports a feature (features build on it; `wiring/`, `seed/`, config.ts and
 *   app.ts compose them); the web's features never import routes or overlays (routes compose
 *   features, not the other way round).
 * - packages/domain imports nothing but itself and stays pure: no node:* module, no package.
 * - packages/contract imports only zod and the domain.
 * Type-only imports count too: a type circle is still a circle to read and to move.
 */
const SERVER_INFRA =
  '^apps/server/src/(db|errors|game|http|jobs|lib|realtime)/|^apps/server/src/(redis|paths)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'This file is part of an import cycle: move the shared part down or invert the dependency.',
      from: { path: '^(apps|packages)/[^/]+/(src|test)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-features',
      scope: 'folder',
      severity: 'error',
      comment: 'Capability folders import each other one way only (see docs/architecture.md).',
      from: { path: '^apps/(server|web)/src/features/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'server-infrastructure-not-features',
      severity: 'error',
      comment:
        'Infrastructure (db, errors, game, http, jobs, lib, realtime, redis, paths) never imports a feature: ' +
        'pass what it needs in where the app is composed (wiring/, app.ts).',
      from: { path: SERVER_INFRA, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/server/src/(features|wiring|seed)/|^apps/server/src/app\\.ts$' },
    },
    {
      name: 'web-features-not-routes-or-overlays',
      severity: 'error',
      comment: 'Web features never import routes or overlays: routes and overlays compose features.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(routes|overlays)/' },
    },
    {
      name: 'web-lib-and-i18n-not-features',
      severity: 'error',
      comment: 'The web lib and i18n are below the features: they import no feature, route or overlay.',
      from: { path: '^apps/web/src/(lib|i18n)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(features|routes|overlays)/' },
    },
    {
      name: 'domain-imports-only-itself',
      severity: 'error',
      comment:
        'packages/domain is pure: it imports nothing but its own files (no package, no node:*, no IO).',
      from: { path: '^packages/domain/src/', pathNot: '\\.test\\.ts$|/fixtures/' },
      to: { pathNot: '^packages/domain/src/' },
    },
    {
      name: 'domain-tests-no-io',
      severity: 'error',
      comment: 'Domain tests import the domain, vitest and fast-check only: no IO.',
      // package-boundary.test.ts reads the domain's sources to check this very boundary.
      from: {
        path: '^packages/domain/src/.*(\\.test\\.ts$|/fixtures/)',
        pathNot: 'package-boundary\\.test\\.ts$',
      },
      to: {
        pathNot: '^packages/domain/src/|(^|/)node_modules/(vitest|@vitest|fast-check)/|^(vitest|fast-check)$',
      },
    },
    {
      name: 'contract-imports-only-zod-and-domain',
      severity: 'error',
      comment: 'packages/contract imports only zod, the domain and its own files.',
      from: { path: '^packages/contract/src/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/(contract|domain)/src/|(^|/)node_modules/zod/|^zod$' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: { path: '^(apps|packages)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

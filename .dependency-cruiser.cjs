/**
 * Import rules checked by `npm run lint` (dependency-cruiser).
 * - No import cycle between files of the server or the web.
 * - No cycle between the capability folders of the server (`apps/server/src/features/<capability>`)
 *   or the web (`apps/web/src/features/<capability>`): features import each other one way only.
 * Type-only imports count too: a type circle is still a circle to read and to move.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'This file is part of an import cycle: move the shared part down or invert the dependency.',
      from: { path: '^apps/(server|web)/src/' },
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

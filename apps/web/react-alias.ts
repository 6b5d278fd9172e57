/**
 * The web ships Preact's React compatibility layer instead of React DOM (issue 11's JS budgets: React
 * DOM alone is ≈ 60 kB gzip of every page's first load; Preact with its compat layer ≈ 12 kB). The
 * code, React Router and react-i18next still import `react` and `react-dom`; these aliases resolve
 * them to `preact/compat` at build time AND in the web's unit tests, so what the tests render is what
 * ships. Type-checking still uses @types/react. Most specific first: Vite takes the first match.
 */
export const REACT_TO_PREACT = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  // react-i18next's shim of useSyncExternalStore for React < 18: preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

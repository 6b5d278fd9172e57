import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { REACT_TO_PREACT } from './react-alias';

// The web renders with Preact's React compatibility layer (react-alias.ts), in these tests as in the
// build. Libraries that import react or react-dom are run through Vite (so the aliases apply to
// them): left external, Node would load React itself for them.
const INLINE = ['react-router', 'react-i18next', '@testing-library/react'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // Its ESM build, which imports react-dom (so the aliases apply); its CJS main would require it.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          import.meta.resolve('@testing-library/react/dist/@testing-library/react.esm.js'),
        ),
      },
      // Its ESM build: resolved for Node, the package's exports give Vite the CommonJS one, whose
      // require('react') the aliases cannot reach.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(import.meta.resolve('react-router')),
      },
      ...REACT_TO_PREACT,
    ],
    noExternal: INLINE,
  },
  ssr: { noExternal: INLINE },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Each file still runs in a context of its own, but jsdom is made once per worker instead of once
    // per file (96 times, 39 % of the project's time): 206 → 116 s with coverage, the same coverage
    // (lines 71.0 %, branches 60.3 %), every test passing.
    pool: 'vmThreads',
    // As the root config's; Vitest refuses projects of one group with different counts, and a
    // vmThreads project would not inherit it.
    maxWorkers: 2,
    // A limit, not a timing check: on two busy cores (load 10, a mutation run beside) the first render of
    // a lazy route in jsdom passed Vitest's 5 s default in 19 of 962 cases, all of which pass when quiet.
    testTimeout: 20_000,
    // A test that makes no expect() assertion fails (docs/testing.md, Honest tests).
    expect: { requireAssertions: true },
  },
});

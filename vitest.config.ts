import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contract', 'apps/server', 'apps/web'],
  },
});

import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are plain SQL applied at start by Drizzle's migrator,
// identical for PostgreSQL and PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});

import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

// `npm run migrate -w @cwh/server`: applies the migrations to the configured database (DATABASE_URL,
// else the embedded one in DATA_DIR) and nothing else: no seed. The server does the same at start;
// this is for a deploy step that migrates before the instances roll, and for a migrated embedded
// data directory that copies start from (the browser suite's hubs, e2e/support/server-process.ts).
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  await runMigrations(database);
  console.log(`Migrated the ${database.kind} database`);
} finally {
  await database.close();
}

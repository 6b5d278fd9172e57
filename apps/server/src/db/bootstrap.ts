import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { createEventRepository } from '../features/events/event-repository.js';
import { seedDemo } from '../seed/demo-seed.js';
import { type Database, openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

/** Opens the configured database, migrates it, and seeds the demo when enabled and empty. */
export async function prepareDatabase(
  config: AppConfig,
  log: FastifyBaseLogger,
  now: () => Date,
): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  log.info(
    { kind: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database open',
  );
  try {
    await runMigrations(database);
    if (config.seedDemo && (await createEventRepository(database.db).count()) === 0) {
      const summary = await seedDemo(database.db, {
        now: now(),
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
      });
      log.info(summary, 'demo data seeded');
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

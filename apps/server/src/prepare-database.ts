import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createEventRepository } from './features/events/event-repository.js';
import { seedDemoLadder } from './seed/demo-ladder-seed.js';
import { seedDemoPickban } from './seed/demo-pickban-seed.js';
import { seedDemoSeason } from './seed/demo-season-seed.js';
import { seedDemo } from './seed/demo-seed.js';

/**
 * Opens the configured database, migrates it, and seeds the demo when enabled and empty: the demo
 * season, then (simulated game) the demo ladder's teams and finished matches.
 */
export async function prepareDatabase(
  config: AppConfig,
  log: FastifyBaseLogger,
  now: () => Date,
): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    statementCacheSize: config.databaseStatementCache,
    poolSize: config.databasePoolSize,
  });
  log.info(
    { kind: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database open',
  );
  try {
    await runMigrations(database);
    if (config.seedDemo && (await createEventRepository(database.db).count()) === 0) {
      const seededAt = now();
      const summary = await seedDemo(database.db, {
        now: seededAt,
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
      });
      log.info(summary, 'demo data seeded');
      log.info(await seedDemoPickban(database.db, { now: seededAt }), 'demo pick and ban seeded');
      // Demo ladder teams are simulated clans: only with the simulated game.
      if (config.gameMode === 'simulated') {
        log.info(await seedDemoLadder(database.db, { now: seededAt }), 'demo ladder seeded');
        const swiss = config.demo.swissRoundLeadMs;
        log.info(
          await seedDemoSeason(database.db, {
            now: seededAt,
            ...(swiss !== undefined && { swissRoundLeadMs: swiss }),
          }),
          'demo season seeded',
        );
      }
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

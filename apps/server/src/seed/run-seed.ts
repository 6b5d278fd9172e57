import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createSimGameRepository } from '../game/simulated/sim-game-repository.js';
import { seedDemoLadder } from './demo-ladder-seed.js';
import { seedDemoPickban } from './demo-pickban-seed.js';
import { seedDemoSeason } from './demo-season-seed.js';
import { seedDemo } from './demo-seed.js';

// `npm run seed`: migrates and (re)loads the demo data into the configured database.
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  statementCacheSize: config.databaseStatementCache,
  poolSize: config.databasePoolSize,
});
try {
  await runMigrations(database);
  const now = new Date();
  const summary = await seedDemo(database.db, {
    now,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  console.log(`Seeded ${database.kind} database:`, summary, `admin login: ${config.adminEmail}`);
  // Pick and ban: war rules and the stage segments' veto orders (challenges open at the app's start).
  console.log('Demo pick and ban:', await seedDemoPickban(database.db, { now }));
  if (config.gameMode === 'simulated') {
    // Inserts missing simulated clans and players only: changes made in the simulator are kept.
    console.log('Simulated game:', await createSimGameRepository(database.db).seed());
    // Demo ladder: simulated clans with locked teams and finished matches (adds nothing when present).
    console.log('Demo ladder:', await seedDemoLadder(database.db, { now }));
    // Demo season: World Finals 2025, the Monthly Qualifier in swiss, the Town Hall Cup TH9 Finals.
    console.log('Demo season:', await seedDemoSeason(database.db, { now }));
  }
} finally {
  await database.close();
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { segments } from '../src/db/schema/index.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { TEST_ADMIN, TEST_NOW } from './harness.js';
import { createTestDatabase, describeEachKind, type TestDatabase } from './test-database.js';

/** The web app's public folder: Vite copies it into the build the server serves at `/`. */
const WEB_PUBLIC = fileURLToPath(new URL('../../web/public', import.meta.url));

describeEachKind('demo segment logos [%s]', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await seedDemo(testDb.database.db, {
      now: TEST_NOW,
      adminEmail: TEST_ADMIN.email,
      adminPassword: TEST_ADMIN.password,
    });
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('every logo a seeded segment refers to is a file the web app ships', async () => {
    const rows = await testDb.database.db
      .select({ slug: segments.slug, images: segments.images })
      .from(segments);
    const logos = rows.flatMap((row) =>
      (row.images as { type: string; url: string }[]).map((image) => ({ slug: row.slug, ...image })),
    );
    expect(logos.length).toBe(rows.length);
    for (const logo of logos) {
      expect(logo.type).toBe('logo');
      expect(logo.url.startsWith('/images/segments/')).toBe(true);
      expect(existsSync(`${WEB_PUBLIC}${logo.url}`), `${logo.slug}: ${logo.url}`).toBe(true);
    }
  });
});

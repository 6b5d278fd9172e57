import { readFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { testConfig } from './harness.js';
import type { CheckedAnswer } from './jsonapi-conformance.js';
import { createTestDatabase } from './test-database.js';

/**
 * Summary of what the JSON:API check covered in a server test run:
 *   JSONAPI_COVERAGE_FILE=/tmp/jsonapi.jsonl npx vitest run --project server
 *   npx tsx apps/server/test/jsonapi-coverage-report.ts /tmp/jsonapi.jsonl
 * Prints documents checked, operations (method + route) and operation/status pairs, and the
 * operations of the OpenAPI document that no test called.
 */

async function openApiOperations(): Promise<string[]> {
  const testDb = await createTestDatabase('pglite');
  const app = await buildApp(testConfig(), { logger: false, redis: null, database: testDb.database });
  try {
    await app.ready();
    const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
    return Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  } finally {
    await app.close();
    await testDb.dispose();
  }
}

async function main() {
  const file = process.argv[2] ?? process.env.JSONAPI_COVERAGE_FILE;
  if (!file) throw new Error('usage: jsonapi-coverage-report.ts <coverage.jsonl>');
  const answers = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CheckedAnswer);
  const byKind = new Map<string, number>();
  for (const a of answers) byKind.set(a.kind, (byKind.get(a.kind) ?? 0) + 1);
  const validated = answers.filter((a) => a.kind === 'jsonapi');
  const operations = new Set(validated.map((a) => `${a.method} ${a.operation}`));
  const pairs = new Set(validated.map((a) => `${a.method} ${a.operation} ${a.status}`));
  const errors = validated.filter((a) => a.status >= 400).length;
  const documented = await openApiOperations();
  const called = new Set(answers.map((a) => `${a.method} ${a.operation}`));
  const uncalled = documented.filter((op) => !called.has(op));
  const withoutDocument = documented.filter((op) => called.has(op) && !operations.has(op));
  const undocumented = [...operations].filter((op) => !documented.includes(op));

  console.log(`answers seen: ${answers.length} (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')})`);
  console.log(`JSON:API documents validated: ${validated.length} (${errors} error documents)`);
  console.log(
    `OpenAPI operations with a validated document: ${documented.length - uncalled.length - withoutDocument.length} of ${documented.length}`,
  );
  console.log(
    `other operations with a validated document (unknown routes): ${undocumented.join(', ') || 'none'}`,
  );
  console.log(
    `OpenAPI operations called but answering no JSON body: ${withoutDocument.join(', ') || 'none'}`,
  );
  console.log(`operation/status pairs validated: ${pairs.size}`);
  console.log(`OpenAPI operations no test called (${uncalled.length}):`);
  for (const op of uncalled.sort()) console.log(`  ${op}`);
}

await main();

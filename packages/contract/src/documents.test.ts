import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(srcDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => readFileSync(`${srcDir}/${name}`, 'utf8'));

const exportedTypes = new Set(
  sources.flatMap((text) => [...text.matchAll(/export (?:type|interface) (\w+)/g)].map((m) => m[1])),
);
const documentSchemas = sources.flatMap((text) =>
  [...text.matchAll(/export const (\w+(?:Document|Body|Query))\b/g)].map((m) => m[1] ?? ''),
);
const typeName = (schema: string) => `${schema.charAt(0).toUpperCase()}${schema.slice(1)}`;

describe('contract document types', () => {
  it('finds the request and response document schemas', () => {
    expect(documentSchemas).toContain('standingListDocument');
    expect(documentSchemas).toContain('queueJoinBody');
  });

  // Callers name a document by its type (`StandingListDocument`) instead of re-declaring its shape.
  it('exports a type named after every document, body and query schema', () => {
    expect(documentSchemas.filter((schema) => !exportedTypes.has(typeName(schema)))).toEqual([]);
  });
});

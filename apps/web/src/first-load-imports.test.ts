import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Static imports/re-exports of the app's sources that keep a runtime value (type-only ones are erased). */
function runtimeImports(): { file: string; specifier: string }[] {
  const found: { file: string; specifier: string }[] = [];
  for (const file of sourceFiles(srcDir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(statement)) {
        specifier = statement.moduleSpecifier;
        const clause = statement.importClause;
        const named = clause?.namedBindings;
        typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!named &&
              ts.isNamedImports(named) &&
              named.elements.length > 0 &&
              named.elements.every((element) => element.isTypeOnly)));
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
        specifier = statement.moduleSpecifier;
        typeOnly = statement.isTypeOnly;
      }
      if (specifier && ts.isStringLiteral(specifier) && !typeOnly) {
        found.push({ file: relative(srcDir, file), specifier: specifier.text });
      }
    }
  }
  return found;
}

describe('first-load JavaScript guards', () => {
  const imports = runtimeImports();

  it('takes runtime values from the contract only through its zod-free entry', () => {
    expect(imports.some(({ specifier }) => specifier === '@cwh/contract/constants')).toBe(true);
    // `@cwh/contract` builds zod schemas at module level: importing a value from it bundles zod.
    expect(imports.filter(({ specifier }) => specifier === '@cwh/contract' || specifier === 'zod')).toEqual(
      [],
    );
  });

  it('loads socket.io-client only through a dynamic import', () => {
    expect(imports.filter(({ specifier }) => specifier.startsWith('socket.io-client'))).toEqual([]);
    const socketClient = readFileSync(join(srcDir, 'lib/realtime.ts'), 'utf8');
    expect(socketClient).toContain("import('socket.io-client')");
  });
});

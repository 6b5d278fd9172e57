import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import * as contract from './index.js';

const srcDir = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(srcDir, '..');

/** Every module reachable from `entry` through static and dynamic imports/re-exports. */
function moduleGraph(entry: string): { files: string[]; specifiers: { from: string; specifier: string }[] } {
  const files: string[] = [];
  const specifiers: { from: string; specifier: string }[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      specifiers.push({ from: relative(packageDir, file), specifier: fileName });
      if (fileName.startsWith('.')) visit(resolve(dirname(file), fileName.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return { files, specifiers };
}

const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string>;
};
const constantsEntry = resolve(packageDir, packageJson.exports['./constants'] ?? 'missing');

describe('@cwh/contract/constants (the zod-free entry the web bundles)', () => {
  it('is the package subpath export ./constants', () => {
    expect(relative(packageDir, constantsEntry)).toBe(join('src', 'constants.ts'));
  });

  it('imports neither zod nor any other package, directly or through its modules', () => {
    const { files, specifiers } = moduleGraph(constantsEntry);
    expect(files.length).toBeGreaterThan(1);
    const external = specifiers.filter(({ specifier }) => !specifier.startsWith('.'));
    expect(external).toEqual([]);
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toMatch(/\bz\.[a-zA-Z]+\(/);
  });

  it('holds the runtime values the web needs, re-exported unchanged by the main entry', () => {
    for (const name of [
      'API',
      'AGE_GATE_PATH',
      'SIMULATOR_API',
      'TENANT_HEADER',
      'NO_TENANT_HEADER',
      'DEFAULT_TENANT',
      'socketNamespace',
      'SOCKET_USER_MESSAGE',
      'SOCKET_UPDATE_MESSAGE',
      'SOCKET_USER_ACK_MESSAGE',
      'MATCH_UP_FOUND_EVENT',
      'MATCH_UP_ACCEPTED_EVENT',
      'MATCH_UP_DECLINED_EVENT',
    ]) {
      expect(constants, name).toHaveProperty(name);
    }
    for (const [name, value] of Object.entries(constants)) {
      expect((contract as Record<string, unknown>)[name], name).toBe(value);
    }
  });

  it('is the only place its constants are declared (one contract, no copies)', () => {
    const zodFree = new Set(moduleGraph(constantsEntry).files);
    const others = readdirSync(srcDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(srcDir, f))
      .filter((f) => !zodFree.has(f));
    for (const name of Object.keys(constants)) {
      const declaration = new RegExp(`\\b(?:const|let|var|function)\\s+${name}\\b`);
      const copies = others.filter((f) => declaration.test(readFileSync(f, 'utf8')));
      expect(
        copies.map((f) => relative(packageDir, f)),
        name,
      ).toEqual([]);
    }
  });
});

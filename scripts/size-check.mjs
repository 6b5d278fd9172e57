#!/usr/bin/env node
// Size rule of the house (`npm run lint`): no file over 400 lines and no function over 80 lines of
// its own in apps/ and packages/, sources and tests alike (.ts, .tsx, .js, .mjs, .cjs; not
// node_modules, dist or generated files).
//
// A function's own lines are its lines minus the lines of the functions nested in it (all but the
// line each nested function starts on, which is the parent's call or declaration). Functions are
// found with the TypeScript compiler API: declarations, expressions, arrows, methods, accessors and
// constructors. A test file's `describe(…, () => { … })` callback is a function too, so a describe
// block is measured without its `it` callbacks.
//
// scripts/size-allowlist.json lists the offenders of the day the rule came in, with their sizes then.
// An allowlisted file or function may shrink, never grow; any other offender fails. The list only
// shrinks: `node scripts/size-check.mjs --shrink-allowlist` rewrites it with the current sizes of
// the entries still over the limits and drops the others (it never adds one).
//
//   node scripts/size-check.mjs [--top N] [--shrink-allowlist]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ALLOWLIST = join(root, 'scripts/size-allowlist.json');
const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'reports', 'data']);
const CODE = /\.(tsx?|mjs|cjs|js)$/;
const GENERATED = /\.gen\.|\.d\.ts$/;

function* codeFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* codeFiles(path);
    else if (CODE.test(entry.name) && !GENERATED.test(entry.name)) yield path;
  }
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/**
 * A readable name that does not move with line numbers: the declaration's, the variable or property
 * it is assigned to, the call it is an argument of (`describe('title')`), or the enclosing function's
 * name and `/returned` for a function returned by a factory.
 */
function nameOf(node, sf, outer) {
  if (node.name) return node.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText(sf);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sf).replace(/\s+/g, '');
    const title = parent.arguments.find((a) => ts.isStringLiteralLike(a));
    return title ? `${callee}(${JSON.stringify(title.text)})` : `${callee}(…)`;
  }
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isReturnStatement(parent)) return `${outer ?? ''}/returned`;
  return `${outer ?? ''}/<anonymous>`;
}

/** Every function of a file with its own lines, and the file's line count. */
export function measure(path, text) {
  const kind = path.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : path.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const functions = [];
  // `enclosing` collects, per open function, the lines its nested functions take away.
  const visit = (node, enclosing) => {
    if (isFunction(node) && node.body) {
      const start = lineOf(node.getStart(sf));
      const end = lineOf(node.getEnd());
      const fn = {
        name: nameOf(node, sf, enclosing?.name),
        line: start + 1,
        lines: end - start + 1,
        nested: new Set(),
      };
      if (enclosing) for (let l = start + 1; l <= end; l++) enclosing.nested.add(l);
      ts.forEachChild(node, (child) => visit(child, fn));
      fn.own = fn.lines - fn.nested.size;
      delete fn.nested;
      functions.push(fn);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, enclosing));
  };
  visit(sf, undefined);
  const lines = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return { lines, functions };
}

export function scan() {
  const files = [];
  const functions = [];
  for (const dir of SCANNED) {
    for (const path of codeFiles(join(root, dir))) {
      const file = relative(root, path);
      const { lines, functions: fns } = measure(file, readFileSync(path, 'utf8'));
      files.push({ file, lines });
      for (const fn of fns) functions.push({ file, ...fn, key: `${file} ${fn.name}` });
    }
  }
  return { files, functions };
}

function main() {
  const args = process.argv.slice(2);
  const top = Number(args[args.indexOf('--top') + 1]) || 5;
  const allow = JSON.parse(readFileSync(ALLOWLIST, 'utf8'));
  const { files, functions } = scan();
  const bigFiles = files.filter((f) => f.lines > MAX_FILE_LINES);
  const bigFunctions = functions.filter((f) => f.own > MAX_FUNCTION_LINES);
  // Functions of one key (two `it('…')` of one title in a file) share its limit: the largest counts.
  const fnSize = new Map();
  for (const f of bigFunctions) fnSize.set(f.key, Math.max(fnSize.get(f.key) ?? 0, f.own));

  if (args.includes('--shrink-allowlist')) {
    const next = { files: {}, functions: {} };
    // Never above the allowlisted size: a file that grew keeps failing until it is back under it.
    for (const f of bigFiles) {
      const allowed = allow.files[f.file];
      if (allowed !== undefined) next.files[f.file] = Math.min(allowed, f.lines);
    }
    for (const [key, own] of fnSize) {
      const allowed = allow.functions[key];
      if (allowed !== undefined) next.functions[key] = Math.min(allowed, own);
    }
    writeFileSync(ALLOWLIST, `${JSON.stringify(next, null, 2)}\n`);
    const before = Object.keys(allow.files).length + Object.keys(allow.functions).length;
    const after = Object.keys(next.files).length + Object.keys(next.functions).length;
    console.log(`[size] allowlist rewritten: ${before} → ${after} entries`);
    return;
  }

  const problems = [];
  for (const f of bigFiles) {
    const allowed = allow.files[f.file];
    if (allowed === undefined) problems.push(`${f.file}: ${f.lines} lines (limit ${MAX_FILE_LINES})`);
    else if (f.lines > allowed)
      problems.push(`${f.file}: ${f.lines} lines, grew from its allowlisted ${allowed}`);
  }
  for (const [key, own] of fnSize) {
    const f = bigFunctions.find((b) => b.key === key && b.own === own);
    const where = `${f.file}:${f.line} ${f.name}`;
    const allowed = allow.functions[key];
    if (allowed === undefined) problems.push(`${where}: ${own} own lines (limit ${MAX_FUNCTION_LINES})`);
    else if (own > allowed) problems.push(`${where}: ${own} own lines, grew from its allowlisted ${allowed}`);
  }
  const stale = [
    ...Object.keys(allow.files).filter((file) => !bigFiles.some((f) => f.file === file)),
    ...Object.keys(allow.functions).filter((key) => !fnSize.has(key)),
  ];

  console.log(`[size] ${files.length} files, ${functions.length} functions in ${SCANNED.join(', ')}`);
  console.log(`[size] largest files (limit ${MAX_FILE_LINES} lines):`);
  for (const f of [...files].sort((a, b) => b.lines - a.lines).slice(0, top))
    console.log(`  ${f.lines}  ${f.file}`);
  console.log(`[size] largest functions (limit ${MAX_FUNCTION_LINES} own lines):`);
  for (const f of [...functions].sort((a, b) => b.own - a.own).slice(0, top)) {
    console.log(`  ${f.own}  ${f.file}:${f.line} ${f.name}`);
  }
  const allowCount = Object.keys(allow.files).length + Object.keys(allow.functions).length;
  console.log(
    `[size] allowlist (scripts/size-allowlist.json): ${allowCount} entries (${Object.keys(allow.files).length} files, ${Object.keys(allow.functions).length} functions), may only shrink`,
  );
  if (stale.length > 0) {
    console.log(
      `[size] ${stale.length} allowlist entries are within the limits now; drop them with --shrink-allowlist:`,
    );
    for (const s of stale) console.log(`  ${s}`);
  }
  if (problems.length > 0) {
    console.error(`[size] ${problems.length} over the limits:`);
    for (const p of problems) console.error(`  ${p}`);
    process.exitCode = 1;
  } else {
    console.log('[size] ok');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

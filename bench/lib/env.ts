import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

export const BENCH_DIR = resolve(import.meta.dirname, '..');
export const REPO_ROOT = resolve(BENCH_DIR, '..');
export const RESULTS_DIR = resolve(BENCH_DIR, 'results');
export const SERVER_DIR = resolve(REPO_ROOT, 'apps', 'server');
export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function loadavg(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

/**
 * CPU time (user + system, ms) used so far by this machine's PostgreSQL server processes (every
 * process named `postgres`, from /proc), or null where /proc cannot tell. CPU time, unlike wall time,
 * hardly moves with the machine's load: the difference over a phase, divided by its operations, is a
 * per-operation cost that a busy machine does not inflate.
 */
export function postgresCpuMs(): number | null {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = procStat(Number(pid)); // null: the process ended meanwhile
      if (stat?.name.startsWith('postgres')) total += stat.cpuSeconds * 1000;
    }
    return total;
  } catch {
    return null;
  }
}

/** USER_HZ: the unit of /proc/<pid>/stat's CPU times (100 on Linux). */
const CLOCK_TICKS = 100;

/** A process's name and user + system CPU seconds, from /proc/<pid>/stat (Linux); null if unreadable. */
export function procStat(pid: number): { name: string; cpuSeconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (1-based, proc(5)).
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
  };
}

/** CPU ms this process and PostgreSQL's used since `start` (from `cpuSnapshot()`). */
export function cpuSnapshot() {
  return { node: process.cpuUsage(), postgres: postgresCpuMs() };
}

export function cpuSince(start: ReturnType<typeof cpuSnapshot>): {
  nodeMs: number;
  postgresMs: number | null;
} {
  const node = process.cpuUsage(start.node);
  const pg = postgresCpuMs();
  return {
    nodeMs: (node.user + node.system) / 1000,
    postgresMs: pg === null || start.postgres === null ? null : pg - start.postgres,
  };
}

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    loadavg: loadavg(),
  };
}

/** Writes a JSON result file under bench/results (git-ignored) and returns its path. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(RESULTS_DIR, `${name}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** `--name value` / `--flag` parsing; unknown flags are kept so callers can warn. */
export function parseArgs(argv: readonly string[]): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) out.set(key, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) out.set(key, argv[++i]!);
    else out.set(key, true);
  }
  return out;
}

export function intArg(args: Map<string, string | true>, key: string, fallback: number): number {
  const v = args.get(key);
  if (typeof v !== 'string') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${key} must be a non-negative number`);
  return Math.floor(n);
}

export type DbChoice = 'pglite' | 'postgres';

export function dbArg(
  args: Map<string, string | true>,
  fallback: 'pglite' | 'postgres' | 'both',
): DbChoice[] {
  const v = args.get('db');
  const choice = typeof v === 'string' ? v : fallback;
  if (choice === 'both') return ['pglite', 'postgres'];
  if (choice === 'pglite' || choice === 'postgres') return [choice];
  throw new Error('--db must be pglite, postgres or both');
}

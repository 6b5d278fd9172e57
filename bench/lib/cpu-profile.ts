import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  byCategory: { category: string; ms: number; share: number }[];
  topFunctions: { fn: string; where: string; ms: number; share: number }[];
}

/** Buckets a frame's url into the layer it belongs to (database driver, socket, HTTP, domain …). */
function categoryOf(url: string, fn: string): string {
  if (fn === '(idle)') return 'idle';
  if (fn === '(garbage collector)') return 'gc';
  if (fn === '(program)') return 'program (native, unattributed)';
  if (url.includes('@electric-sql/pglite')) return 'PGlite (wasm Postgres)';
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass)\//.test(url)) return 'pg driver';
  if (url.includes('drizzle-orm')) return 'drizzle-orm';
  if (/node_modules\/(socket\.io|socket\.io-parser|socket\.io-adapter|engine\.io|ws)\//.test(url))
    return 'socket.io / ws';
  if (/node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio|fast-json-stringify)/.test(url))
    return 'fastify';
  if (url.includes('node_modules/zod') || url.includes('fastify-type-provider-zod')) return 'zod';
  if (url.includes('node_modules/pino') || url.includes('thread-stream') || url.includes('sonic-boom'))
    return 'pino';
  if (url.includes('packages/domain')) return '@cwh/domain';
  if (url.includes('packages/contract')) return '@cwh/contract';
  if (url.includes('apps/server/src')) return 'apps/server';
  if (url.includes('node_modules/tsx') || url.includes('esbuild')) return 'tsx loader';
  if (url.startsWith('node:') || url === '') return 'node core / native';
  return 'other';
}

/** Self time per category and per function of the newest .cpuprofile in `dir`. */
export function summarizeCpuProfile(dir: string): ProfileSummary | null {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  const file = files.at(-1);
  if (!file) return null;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const categories = new Map<string, number>();
  const functions = new Map<string, { fn: string; where: string; us: number }>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const category = categoryOf(url, functionName);
    categories.set(category, (categories.get(category) ?? 0) + us);
    const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '');
    const key = `${functionName}@${short}:${lineNumber}`;
    const entry = functions.get(key) ?? {
      fn: functionName || '(anonymous)',
      where: `${short}:${lineNumber + 1}`,
      us: 0,
    };
    entry.us += us;
    functions.set(key, entry);
  }
  const busy = total - (categories.get('idle') ?? 0);
  return {
    file: join(dir, file),
    totalMs: total / 1000,
    byCategory: [...categories]
      .map(([category, us]) => ({
        category,
        ms: us / 1000,
        share: category === 'idle' ? Number.NaN : us / busy,
      }))
      .sort((a, b) => b.ms - a.ms),
    topFunctions: [...functions.values()]
      .filter((f) => f.fn !== '(idle)')
      .sort((a, b) => b.us - a.us)
      .slice(0, 15)
      .map((f) => ({ fn: f.fn, where: f.where, ms: f.us / 1000, share: f.us / busy })),
  };
}

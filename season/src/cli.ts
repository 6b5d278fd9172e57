import { progressBar } from './report.js';
import { defaultOptions, runSeason, type SeasonOptions } from './run.js';

/** `npm run season -- --clans N [--instances K] [--db pglite|postgres] [--speed X] [--chaos] [--seed S] [--keep-db]` */
function parse(argv: readonly string[]): Partial<SeasonOptions> {
  const out: Partial<SeasonOptions> = {};
  const num = (key: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${key} must be a number ≥ ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i]!.replace(/^--/, '').split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (key) {
      case 'clans':
        out.clans = Math.floor(num(key, value(), 8));
        break;
      case 'instances':
        out.instances = Math.floor(num(key, value(), 1));
        break;
      case 'db': {
        const v = value();
        if (v !== 'pglite' && v !== 'postgres') throw new Error('--db must be pglite or postgres');
        out.db = v;
        break;
      }
      case 'speed':
        out.speed = num(key, value(), 0.1);
        break;
      case 'seed':
        out.seed = Math.floor(num(key, value(), 0));
        break;
      case 'ladder-matches':
        out.ladderMatches = Math.floor(num(key, value(), 1));
        break;
      case 'chaos':
        out.chaos = true;
        break;
      case 'keep-db':
        out.keepDatabase = true;
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  if ((out.instances ?? 1) > 1 && out.db === undefined) out.db = 'postgres';
  return out;
}

async function main() {
  const options = { ...defaultOptions(), ...parse(process.argv.slice(2)) };
  const bar = progressBar(process.stderr);
  const report = await runSeason({ ...options, progress: bar });
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});

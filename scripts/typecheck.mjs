// Type-checks every workspace (`npm run typecheck`): one `tsc -p <project>` per workspace, two at a time
// (tsc is single-threaded; CI has two cores), the largest first. Each project's output is printed
// whole when it ends; the exit code is 1 if any project failed.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

const PROJECTS = [
  'apps/web',
  'apps/server',
  'e2e',
  'season',
  'bench',
  'packages/contract',
  'packages/domain',
];
const parallel = Math.max(1, Math.min(2, cpus().length));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`[typecheck] ${project}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (queue.length > 0) {
      if (!(await check(queue.shift()))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);

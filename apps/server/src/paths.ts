import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolved from this file, not process.cwd(), so `npm run -w` and tests agree on the same folders.
const here = dirname(fileURLToPath(import.meta.url));

export const SERVER_ROOT = resolve(here, '..');
export const REPO_ROOT = resolve(SERVER_ROOT, '..', '..');
export const MIGRATIONS_DIR = resolve(here, 'db', 'migrations');

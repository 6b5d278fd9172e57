import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests drive Debian's Chromium. Installs it when missing (machines start without it);
 * playwright-core never downloads a browser of its own.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}; install it with: sudo apt-get install -y chromium`,
    );
  }
  console.log('[e2e] installing Debian chromium…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env,
  });
}

/** Flags for a closed network: without them Chromium keeps trying to reach Google's hosts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

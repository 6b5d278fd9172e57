import type { AppConfig } from './config.js';
import { DEMO_STAFF } from './seed/staff-seed.js';

/** The seed's administrator password when ADMIN_PASSWORD is not set (config.ts). */
const DEFAULT_ADMIN_PASSWORD = 'ClanWarHub!2025';

/**
 * What `npm start` prints once the hub listens: the address on its own line, then (demo seed only)
 * the demo accounts and where the players are. A password someone set is never printed.
 */
export function startBanner(config: AppConfig, url: string): string {
  const lines = [`Clan War Hub is running on ${url}`, `  API docs: ${url}/api/docs`];
  if (!config.seedDemo) return lines.join('\n');
  const adminPassword =
    config.adminPassword === DEFAULT_ADMIN_PASSWORD ? config.adminPassword : '(your ADMIN_PASSWORD)';
  lines.push(
    '',
    `  Demo accounts (console: ${url}/admin)`,
    `    admin      ${config.adminEmail.padEnd(28)} ${adminPassword}`,
    `    organizer  ${DEMO_STAFF.organizer.email.padEnd(28)} ${DEMO_STAFF.organizer.password}`,
    `    support    ${DEMO_STAFF.support.email.padEnd(28)} ${DEMO_STAFF.support.password}`,
  );
  if (config.gameMode === 'simulated') {
    lines.push(
      `  Players: My Team > sign in lists the simulated players (one tap); tags and tokens: ${url}/simulator`,
      config.demo.enabled
        ? '  Demo bots: the demo teams keep playing (DEMO_BOTS=false to stop them)'
        : '  Demo bots: off (DEMO_BOTS=false)',
    );
  }
  return lines.join('\n');
}

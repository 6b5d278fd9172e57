import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startBanner } from './start-banner.js';

describe('start banner', () => {
  const url = 'http://localhost:8080';

  it('puts the address on its own first line, then the demo accounts', () => {
    const lines = startBanner(loadConfig({}), url).split('\n');
    expect(lines[0]).toBe('Clan War Hub is running on http://localhost:8080');
    const text = lines.join('\n');
    expect(text).toMatch(/admin\s+admin@clanwarhub\.local\s+ClanWarHub!2025/);
    expect(text).toMatch(/organizer\s+organizer@clanwarhub\.local\s+Organizer!2025/);
    expect(text).toMatch(/support\s+support@clanwarhub\.local\s+Support!2025/);
    expect(text).toContain(`${url}/simulator`);
    expect(text).toContain('DEMO_BOTS=false');
  });

  it('never prints a password someone set, nor demo accounts without the demo seed', () => {
    const own = startBanner(loadConfig({ ADMIN_PASSWORD: 'my-own-secret-1' }), url);
    expect(own).not.toContain('my-own-secret-1');
    expect(own).toContain('(your ADMIN_PASSWORD)');
    const production = startBanner(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }), url);
    expect(production.split('\n')[0]).toBe('Clan War Hub is running on http://localhost:8080');
    expect(production).not.toContain('Organizer!2025');
  });
});

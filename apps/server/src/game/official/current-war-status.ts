import type { WarStatus } from '../game-adapter.js';
import type { OfficialCurrentWar } from './official-schemas.js';

// A regular clan war always has a 23-hour preparation day; friendly wars let the leaders pick
// another length. The API has no war-type field, so this is the only tell (the same heuristic
// community libraries use). A friendly war set to 23 hours therefore reads as a clan war — for
// the hub both block a match (spec 5), so the difference only affects the message shown.
const REGULAR_PREPARATION_MS = 23 * 60 * 60 * 1000;

/**
 * 'warEnded' counts as no war: the clan can start a new one. Clan War League wars are not shown
 * by /currentwar (they live under /currentwar/leaguegroup), so a clan in CWL reads as 'none'.
 */
export function currentWarStatus(war: OfficialCurrentWar): WarStatus {
  if (war.state === 'notInWar' || war.state === 'warEnded') return 'none';
  const preparationStart = parseApiTime(war.preparationStartTime);
  const start = parseApiTime(war.startTime);
  if (preparationStart === null || start === null) return 'clanWar';
  return start - preparationStart === REGULAR_PREPARATION_MS ? 'clanWar' : 'friendlyWar';
}

/** The API's compact ISO format: 20251031T140000.000Z. */
export function parseApiTime(value: string | undefined): number | null {
  if (!value) return null;
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{1,3}))?Z$/.exec(value);
  if (!match) {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  const [, year, month, day, hour, minute, second, millis] = match;
  return Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    millis ? Number(millis.padEnd(3, '0')) : 0,
  );
}

export function formatApiTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/[-:]/g, '');
}

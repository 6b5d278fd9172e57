import type { WarStatus } from '../game-adapter.js';
import type { OfficialCurrentWar } from './official-schemas.js';

const HOUR_MS = 60 * 60 * 1000;
// A regular clan war always has a 23-hour preparation day. Friendly wars let the leaders pick a
// preparation of at most 24 hours. A Clan War League war has no fixed preparation (the recorded
// one lasted ~24.4 h), so it is recognised by its war tag first; a preparation over 24 h can only
// be a league war too. The API has no war-type field, so this order is the only reliable tell.
const REGULAR_PREPARATION_MS = 23 * HOUR_MS;
const MAX_FRIENDLY_PREPARATION_MS = 24 * HOUR_MS;

export interface WarClassification {
  /** Set when the war was read from /clanwarleagues/wars/{warTag}: a league war. */
  warTag?: string | null;
}

/**
 * 'warEnded' counts as no war: the clan can start a new one. A friendly war set to exactly 23 hours
 * reads as a clan war; for the hub both block a match (spec 5), only the message differs.
 */
export function currentWarStatus(war: OfficialCurrentWar, options: WarClassification = {}): WarStatus {
  if (war.state === 'notInWar' || war.state === 'warEnded') return 'none';
  if (options.warTag) return 'clanWar';
  const preparationStart = parseApiTime(war.preparationStartTime);
  const start = parseApiTime(war.startTime);
  if (preparationStart === null || start === null) return 'clanWar';
  const preparation = start - preparationStart;
  if (preparation === REGULAR_PREPARATION_MS || preparation > MAX_FRIENDLY_PREPARATION_MS) return 'clanWar';
  return 'friendlyWar';
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

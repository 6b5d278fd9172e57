/**
 * The one way the hub shows a length of time (countdowns, time in queue, attack and war times).
 *
 * Spec 1: "Time units are shown as d, h, m, s" — the same letters in every language, so nothing here
 * depends on the locale. Rules:
 * - the largest unit that is not zero, then the next smaller one: `2d 3h`, `3h 04m`, `4m 05s`, `15s`;
 * - the second unit is left out when it is zero (`2d`, `1h`, `5m`);
 * - minutes and seconds after a larger unit get two digits, like a clock (`4m 05s`); hours after days
 *   do not (`2d 3h`);
 * - whole seconds, rounded down; a negative, NaN or infinite length shows as `0s`.
 */

const UNITS = [
  { letter: 'd', ms: 86_400_000, pad: false },
  { letter: 'h', ms: 3_600_000, pad: false },
  { letter: 'm', ms: 60_000, pad: true },
  { letter: 's', ms: 1_000, pad: true },
] as const;

export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) * 1000 : 0;
  const first = UNITS.findIndex((unit) => total >= unit.ms);
  if (first === -1) return '0s';
  const major = UNITS[first]!;
  const majorAmount = Math.floor(total / major.ms);
  const minor = UNITS[first + 1];
  if (!minor) return `${majorAmount}${major.letter}`;
  const minorAmount = Math.floor((total % major.ms) / minor.ms);
  if (minorAmount === 0) return `${majorAmount}${major.letter}`;
  const minorText = minor.pad ? String(minorAmount).padStart(2, '0') : String(minorAmount);
  return `${majorAmount}${major.letter} ${minorText}${minor.letter}`;
}

/** Whole minutes (a war setting, minutes left in a war) as a duration: `45m`, `1h 30m`. */
export const minutes = (count: number): number => count * 60_000;

/** Whole seconds (an attack's length, a retry delay) as a duration: `2m 45s`. */
export const seconds = (count: number): number => count * 1_000;

/**
 * Spec §5 form rules, shared by the console (instant feedback) and its tests: text inputs become
 * the numbers and ISO dates the platform calls expect.
 */

/** "1, 2,3" → [1, 2, 3]; null when any part is not a positive whole number or the list is empty. */
export function parsePlacements(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  const numbers = parts.map(Number);
  return numbers.every((n, i) => /^\d+$/.test(parts[i]!) && Number.isInteger(n) && n >= 1) ? numbers : null;
}

/** A form number field: numbers for rosterSize and rostersLimit, null when not a whole number ≥ 0. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** sortOrder, isRequired and isFinalResult go out as integers; a checkbox becomes 0 or 1. */
export function toFlag(checked: boolean): 0 | 1 {
  return checked ? 1 : 0;
}

/**
 * A `datetime-local` value read as UTC ("2026-04-01T14:00") → "2026-04-01T14:00:00Z", the ISO form
 * without milliseconds; null when the value is not a date.
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const withSeconds = value.length === 16 ? `${value}:00` : value;
  const date = new Date(`${withSeconds}Z`);
  // Date rolls 30 February over to March; a value that does not come back unchanged is not a date.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== withSeconds) return null;
  return `${withSeconds}Z`;
}

/** The reverse, to fill a `datetime-local` input from an ISO date (shown in UTC). */
export function isoToLocalInput(iso: string): string {
  return new Date(iso).toISOString().slice(0, 16);
}

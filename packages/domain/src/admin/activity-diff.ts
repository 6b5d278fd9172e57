/**
 * The activity log's change as a before/after list (issue #31): each field that differs, by its
 * path (`competitors.0.score`), with its value before and after. Objects are walked; arrays of
 * plain values and everything else are compared whole. Fields equal on both sides are left out.
 */
export interface ActivityChangeRow {
  field: string;
  before: string | null;
  after: string | null;
}

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Arrays of objects are walked by index (competitors, sides); other arrays stay one value. */
const walkable = (value: Json): value is Record<string, Json> | Json[] =>
  isObject(value) || (Array.isArray(value) && value.some((item) => isObject(item)));

function leaves(value: Json, prefix: string, out: Map<string, Json>): void {
  if (walkable(value)) {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, child] of entries) leaves(child, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (prefix || (value !== null && value !== undefined)) out.set(prefix || 'value', value);
}

/** A value as the console shows it: text as is, the rest as compact JSON; absent is null. */
export function activityValueText(value: Json): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function activityChanges(before: Json, after: Json): ActivityChangeRow[] {
  const a = new Map<string, Json>();
  const b = new Map<string, Json>();
  leaves(before, '', a);
  leaves(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  const rows: ActivityChangeRow[] = [];
  for (const field of fields) {
    const was = activityValueText(a.get(field));
    const now = activityValueText(b.get(field));
    if (was !== now) rows.push({ field, before: was, after: now });
  }
  return rows;
}

import { localInputToIso } from '@cwh/domain';
/**
 * Reordering the proposed seeds before the stage is created: the list order is the seed order
 * (seed 1 first). Pure, so the seeding panel and its tests share them.
 */

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveSeed<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/**
 * Puts the item at `index` at seed `seed` (1-based), the others keeping their order. A seed that
 * is not a whole number gives null (the console says so); past the end it goes last.
 */
export function placeSeed<T>(list: readonly T[], index: number, seed: string): T[] | null {
  const wanted = Number(seed.trim());
  if (!/^\d+$/.test(seed.trim()) || wanted < 1) return null;
  if (index < 0 || index >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(Math.min(wanted, list.length) - 1, 0, item!);
  return out;
}

/** A `datetime-local` value, read as GMT like every console date field → ISO without milliseconds; undefined when empty or invalid. */
export function localToIso(value: string): string | undefined {
  return localInputToIso(value) ?? undefined;
}

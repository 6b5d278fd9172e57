import type { EventResource } from '@cwh/contract';
import { OFFERED_TH_LEVELS } from '@cwh/domain';

/** The home page's town hall level tabs: the offered levels (spec 9) some event is played at, highest first. */
export function homeTabs(events: readonly EventResource[]): number[] {
  return OFFERED_TH_LEVELS.filter((level) =>
    events.some((event) => event.attributes.thLevels.includes(level)),
  );
}

/**
 * Spec 2 "the home tab default depends on the town hall level": the tab of the level itself, else
 * the highest tab below it, else the highest tab. Null without any tab.
 */
export function homeTabForLevel(thLevel: number | null | undefined, tabs: readonly number[]): number | null {
  if (tabs.length === 0) return null;
  if (thLevel == null) return tabs[0] ?? null;
  return tabs.find((tab) => tab <= thLevel) ?? tabs[0] ?? null;
}

/** A number that is one of the tabs, else null (`?th=` and the cookie are free text). */
export function parseHomeTab(value: string | null, tabs: readonly number[]): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const level = Number(value);
  return tabs.includes(level) ? level : null;
}

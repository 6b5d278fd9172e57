import type { DateRange } from './common.js';

export const EVENT_STATUSES = ['active', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Championship (Town Hall 17) or town hall cup (Town Hall 9, 12 or 15). */
export const COMPETITIONS = ['championship', 'townHallCup'] as const;
export type Competition = (typeof COMPETITIONS)[number];

export interface Event {
  id: string;
  name: string;
  status: EventStatus;
  date: DateRange;
  competition: Competition;
  thLevels: number[];
  gameId: string | null;
  segmentIds: string[];
}

export interface Game {
  id: string;
  name: string;
  slug: string;
}

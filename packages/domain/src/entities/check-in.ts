import type { IsoDateTime } from './common.js';

export interface CheckIn {
  id: string;
  userId: string;
  matchSeriesId: string | null;
  rosterId: string | null;
  createdAt: IsoDateTime;
}

export const CHECK_IN_STATES = ['open', 'checkedIn', 'missedWindow'] as const;
export type CheckInState = (typeof CHECK_IN_STATES)[number];

export interface Token {
  value: string;
  expires: IsoDateTime;
}

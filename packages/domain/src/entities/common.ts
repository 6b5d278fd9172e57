/** An ISO 8601 date-time string, e.g. `2025-10-31T14:00:00Z`. Entities carry dates as these. */
export type IsoDateTime = string;

/** `date.from` / `date.to` of events, segments and registration phases (both inclusive). */
export interface DateRange {
  from: IsoDateTime;
  to: IsoDateTime;
}

/** Anything the rules accept as "a moment": a Date, epoch milliseconds or an ISO string. */
export type Instant = Date | number | IsoDateTime;

/**
 * Disputes of a recorded result (issue #13 "Disputes and attachments"). Pure: the caller loads the
 * series (its state and when its result was recorded), the segment's window, whether a dispute is
 * already open and which side the caller captains; the rule answers the refusal or null.
 */

/** Minutes after the result during which a captain may dispute it, when the organizer set none. */
export const DEFAULT_DISPUTE_WINDOW_MINUTES = 60;
/** The organizer's window: 0 turns disputes off, at most a week. */
export const MAX_DISPUTE_WINDOW_MINUTES = 7 * 24 * 60;
/** A dispute's reason and the organizer's resolution note. */
export const MAX_DISPUTE_REASON_LENGTH = 1000;
/** Screenshots a dispute may name. */
export const MAX_DISPUTE_ATTACHMENTS = 5;
/** Screenshots one series may hold (both sides together). */
export const MAX_SERIES_ATTACHMENTS = 20;

export const DISPUTE_STATUSES = ['open', 'upheld', 'corrected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_REFUSALS = [
  'NOT_ROSTER_OWNER',
  'DISPUTE_NO_RESULT',
  'DISPUTE_WINDOW_CLOSED',
  'DISPUTE_ALREADY_OPEN',
] as const;
export type DisputeRefusal = (typeof DISPUTE_REFUSALS)[number];

export interface DisputeCheck {
  /** The side the caller captains in the series, or null. */
  side: 'home' | 'away' | null;
  state: string;
  /** When the result was recorded (the series finished); null without a result. */
  finishedAt: Date | null;
  windowMinutes: number;
  hasOpenDispute: boolean;
  now: Date;
}

/** The end of the dispute window of a result recorded at `finishedAt`. */
export function disputeWindowEndsAt(finishedAt: Date, windowMinutes: number): Date {
  return new Date(finishedAt.getTime() + windowMinutes * 60_000);
}

/** Whether the window is open at `now` (the end itself is outside). */
export function disputeWindowOpen(finishedAt: Date | null, windowMinutes: number, now: Date): boolean {
  if (!finishedAt) return false;
  return now.getTime() < disputeWindowEndsAt(finishedAt, windowMinutes).getTime();
}

/** Why the caller may not dispute the result now, or null when they may (checked in this order). */
export function disputeRefusal(check: DisputeCheck): DisputeRefusal | null {
  if (!check.side) return 'NOT_ROSTER_OWNER';
  if (check.state !== 'finished' || !check.finishedAt) return 'DISPUTE_NO_RESULT';
  if (!disputeWindowOpen(check.finishedAt, check.windowMinutes, check.now)) return 'DISPUTE_WINDOW_CLOSED';
  if (check.hasOpenDispute) return 'DISPUTE_ALREADY_OPEN';
  return null;
}

/** A screenshot's size limit (a phone screenshot as PNG fits; larger ones are refused, 413). */
export const MAX_ATTACHMENT_BYTES = 4 * 1024 * 1024;

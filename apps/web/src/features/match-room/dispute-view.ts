import { MAX_ATTACHMENT_BYTES, MAX_DISPUTE_ATTACHMENTS, MAX_DISPUTE_REASON_LENGTH } from '@cwh/domain';
import type { Dispute, SeriesDisputes } from './dispute-api';

/** The screenshot types the hub accepts (the server sniffs the bytes; this is the instant feedback). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** What the match page shows a viewer about disputes. */
export type DisputePanel =
  | { kind: 'hidden' }
  /** A captain may dispute: the button (and form), until `endsAt`. */
  | { kind: 'form'; endsAt: string | null }
  /** The latest dispute's status; `canDispute` when a captain may dispute again (window still open). */
  | { kind: 'status'; dispute: Dispute; canDispute: boolean; endsAt: string | null };

export function disputePanel(read: SeriesDisputes | null): DisputePanel {
  if (!read) return { kind: 'hidden' };
  const latest = read.disputes[0];
  if (latest)
    return {
      kind: 'status',
      dispute: latest,
      canDispute: read.meta.canDispute,
      endsAt: read.meta.windowEndsAt,
    };
  if (read.meta.canDispute) return { kind: 'form', endsAt: read.meta.windowEndsAt };
  return { kind: 'hidden' };
}

export type ScreenshotRefusal = 'type' | 'tooBig' | 'tooMany';

/** Why a chosen file cannot be added (`already`: screenshots added so far), or null. */
export function screenshotRefusal(
  file: { type: string; size: number },
  already: number,
): ScreenshotRefusal | null {
  if (already >= MAX_DISPUTE_ATTACHMENTS) return 'tooMany';
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'tooBig';
  return null;
}

export type ReasonRefusal = 'reason' | 'reasonLong';

export function reasonRefusal(reason: string): ReasonRefusal | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'reason';
  if (trimmed.length > MAX_DISPUTE_REASON_LENGTH) return 'reasonLong';
  return null;
}

/** Server refusal codes the form explains in words; anything else is a generic failure. */
export const KNOWN_REFUSALS = [
  'DISPUTE_WINDOW_CLOSED',
  'DISPUTE_ALREADY_OPEN',
  'DISPUTE_NO_RESULT',
  'NOT_ROSTER_OWNER',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
] as const;
export function refusalKey(code: string | undefined): string {
  return code && (KNOWN_REFUSALS as readonly string[]).includes(code) ? `refusal.${code}` : 'refusal.failed';
}

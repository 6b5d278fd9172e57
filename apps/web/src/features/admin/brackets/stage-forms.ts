import { localInputToIso, parseCount } from '@cwh/domain';
import type { CreateStageAttributes, SeriesResultInput } from './stage-api';

/**
 * The stage forms' rules, apart from the screens so they are tested on their own: what the
 * organizer typed becomes the request body, or the key of the message that says what to fix.
 */

export const TIEBREAK_KEYS = [
  'matchPoints',
  'buchholz',
  'headToHead',
  'starDifference',
  'destructionDifference',
  'seed',
] as const;
export type TiebreakKey = (typeof TIEBREAK_KEYS)[number];

export interface CreateStageForm {
  format: 'swiss' | 'double_elimination';
  /** `auto`: the server seeds from the previous stage's placements; `manual`: the seed inputs. */
  seeding: 'auto' | 'manual';
  /** Auto seeding: how many teams to take (blank: the format's default). */
  size: string;
  swissMode: 'fixed' | 'early_exit';
  rounds: string;
  wins: string;
  losses: string;
  /** The tiebreaks in use, in order. */
  tiebreaks: TiebreakKey[];
  /** Roster id → typed seed; blank leaves the roster out. */
  seeds: Record<string, string>;
  /** `datetime-local` (GMT), blank for the segment's start. */
  startsAt: string;
}

export type FormError = { key: string; values?: Record<string, string | number> };
export type Checked<T> = { ok: true; value: T } | { ok: false; error: FormError };

const fail = (key: string, values?: FormError['values']): { ok: false; error: FormError } => ({
  ok: false,
  error: values ? { key, values } : { key },
});

/** A whole number within [min, max], or null. */
function wholeIn(text: string, min: number, max: number): number | null {
  const n = parseCount(text);
  return n !== null && n >= min && n <= max ? n : null;
}

/** Seeds typed next to the rosters → roster ids in seed order (seed 1 first). */
export function seedOrder(seeds: Record<string, string>): Checked<string[]> {
  const entries = Object.entries(seeds).filter(([, text]) => text.trim() !== '');
  const bySeed = new Map<number, string>();
  for (const [rosterId, text] of entries) {
    const seed = wholeIn(text, 1, 1024);
    if (seed === null) return fail('form.seedNumber', { value: text.trim() });
    if (bySeed.has(seed)) return fail('form.seedTwice', { seed });
    bySeed.set(seed, rosterId);
  }
  if (bySeed.size < 2) return fail('form.seedTooFew');
  for (let seed = 1; seed <= bySeed.size; seed++) {
    if (!bySeed.has(seed)) return fail('form.seedGap', { seed, count: bySeed.size });
  }
  return { ok: true, value: [...bySeed.keys()].sort((a, b) => a - b).map((seed) => bySeed.get(seed)!) };
}

/** The create-stage form → the body of POST /segments/{id}/bracket. */
export function createStageBody(form: CreateStageForm): Checked<CreateStageAttributes> {
  const body: CreateStageAttributes = { format: form.format };
  if (form.seeding === 'manual') {
    const order = seedOrder(form.seeds);
    if (!order.ok) return order;
    body.rosterIds = order.value;
  } else if (form.size.trim() !== '') {
    const size = wholeIn(form.size, 2, 1024);
    if (size === null) return fail('form.size');
    body.size = size;
  }
  if (form.format === 'swiss') {
    if (form.swissMode === 'fixed') {
      const rounds = wholeIn(form.rounds, 1, 20);
      if (rounds === null) return fail('form.rounds');
      body.rounds = rounds;
    } else {
      const wins = wholeIn(form.wins, 1, 10);
      const losses = wholeIn(form.losses, 1, 10);
      if (wins === null || losses === null) return fail('form.winsLosses');
      body.wins = wins;
      body.losses = losses;
    }
    if (form.tiebreaks.length === 0) return fail('form.tiebreaks');
    body.tiebreaks = [...form.tiebreaks];
  }
  if (form.startsAt.trim() !== '') {
    const startsAt = localInputToIso(form.startsAt);
    if (!startsAt) return fail('form.startsAt');
    body.startsAt = startsAt;
  }
  return { ok: true, value: body };
}

export interface ResultForm {
  homeStars: string;
  awayStars: string;
  homeDestruction: string;
  awayDestruction: string;
  forfeit: '' | 'home' | 'away' | 'both';
  reason: string;
}

/** A destruction percentage: blank, or a number from 0 to 100 (decimals allowed). */
function percent(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= 100 ? n : null;
}

/** The result dialog → the body of the results call. A forfeit needs no score (blank stars are 0). */
export function resultBody(form: ResultForm): Checked<SeriesResultInput> {
  const blankIsZero = (text: string) => (form.forfeit && text.trim() === '' ? '0' : text);
  const homeStars = wholeIn(blankIsZero(form.homeStars), 0, 150);
  const awayStars = wholeIn(blankIsZero(form.awayStars), 0, 150);
  if (homeStars === null || awayStars === null) return fail('form.stars');
  const homeDestruction = percent(form.homeDestruction);
  const awayDestruction = percent(form.awayDestruction);
  if (homeDestruction === null || awayDestruction === null) return fail('form.destruction');
  const reason = form.reason.trim();
  if (reason === '') return fail('form.reason');
  if (reason.length > 500) return fail('form.reasonLong');
  return {
    ok: true,
    value: {
      homeStars,
      awayStars,
      ...(homeDestruction !== undefined ? { homeDestruction } : {}),
      ...(awayDestruction !== undefined ? { awayDestruction } : {}),
      ...(form.forfeit ? { forfeit: form.forfeit } : {}),
      reason,
    },
  };
}

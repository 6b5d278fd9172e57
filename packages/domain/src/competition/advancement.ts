import { CHAMPIONSHIP_LADDER_ADVANCE_TOP, CUP_LADDER_ADVANCE_TOP } from '../constants.js';
import type { Competition } from '../entities/event.js';
import type { TicketType } from '../entities/ladder.js';
import { CompetitionError } from './competition-error.js';

/**
 * Advancement: which rosters of a finished stage go where, and with which seed. Every roster of
 * the stage ends `qualified` (with its next segment and seed) or `eliminated`: nobody is left
 * without an outcome.
 *
 * - `rank` is the roster's unique final order in the stage (ladder rank, swiss standings rank,
 *   bracket placement then seed); rules address ranks, like the spec's `AdvanceRule.placements`.
 * - Rules are applied in order; a roster takes the first rule that covers it.
 * - `qualified: true` takes every roster whose stage status is `qualified` (swiss early exit),
 *   whatever its rank; a roster with status `eliminated` never advances.
 * - Seeds in each next segment follow the rules' order, then rank: the best qualifier is seed 1.
 */

export interface AdvanceRuleSpec {
  id: string;
  nextSegmentId: string;
  /** Ranks (1-based) that advance under this rule. */
  placements?: readonly number[];
  qualified?: boolean;
  /** Ticket winners (spec 1): shown as golden / silver ticket winners. */
  ticket?: TicketType;
}

export interface StageRanking {
  rosterId: string;
  rank: number;
  status?: 'active' | 'qualified' | 'eliminated';
}

export interface AdvancementOutcome {
  rosterId: string;
  rank: number;
  outcome: 'qualified' | 'eliminated';
  ruleId: string | null;
  nextSegmentId: string | null;
  ticket: TicketType | null;
  /** Seed in the next segment (1 = best), null when eliminated. */
  nextSeed: number | null;
}

export interface Advancement {
  outcomes: AdvancementOutcome[];
  seedsBySegment: Record<string, { rosterId: string; seed: number }[]>;
}

function validate(rankings: readonly StageRanking[]): void {
  const ids = new Set(rankings.map((r) => r.rosterId));
  const ranks = new Set(rankings.map((r) => r.rank));
  if (ids.size !== rankings.length || ranks.size !== rankings.length) {
    throw new CompetitionError('INVALID_COMPETITION_INPUT', 'advancement: rosters and ranks must be unique');
  }
}

export function advanceStage(
  rankings: readonly StageRanking[],
  rules: readonly AdvanceRuleSpec[],
): Advancement {
  validate(rankings);
  const ordered = [...rankings].sort((a, b) => a.rank - b.rank);
  const taken = new Map<string, { rule: AdvanceRuleSpec; order: number }>();
  rules.forEach((rule, order) => {
    const covered = new Set(rule.placements ?? []);
    for (const entry of ordered) {
      if (taken.has(entry.rosterId) || entry.status === 'eliminated') continue;
      if (covered.has(entry.rank) || (rule.qualified && entry.status === 'qualified')) {
        taken.set(entry.rosterId, { rule, order });
      }
    }
  });
  const seedsBySegment: Advancement['seedsBySegment'] = {};
  const qualifiers = ordered
    .filter((entry) => taken.has(entry.rosterId))
    .sort((a, b) => taken.get(a.rosterId)!.order - taken.get(b.rosterId)!.order || a.rank - b.rank);
  const seeds = new Map<string, number>();
  for (const entry of qualifiers) {
    const segment = taken.get(entry.rosterId)!.rule.nextSegmentId;
    const list = seedsBySegment[segment] ?? [];
    seedsBySegment[segment] = list;
    list.push({ rosterId: entry.rosterId, seed: list.length + 1 });
    seeds.set(entry.rosterId, list.length);
  }
  const outcomes = ordered.map((entry): AdvancementOutcome => {
    const rule = taken.get(entry.rosterId)?.rule;
    return {
      rosterId: entry.rosterId,
      rank: entry.rank,
      outcome: rule ? 'qualified' : 'eliminated',
      ruleId: rule?.id ?? null,
      nextSegmentId: rule?.nextSegmentId ?? null,
      ticket: rule?.ticket ?? null,
      nextSeed: seeds.get(entry.rosterId) ?? null,
    };
  });
  return { outcomes, seedsBySegment };
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** Spec 9: the ladder's top 128 go to the Monthly Qualifier (championship), top 8 to the Finals (cup). */
export function ladderAdvanceRule(competition: Competition, nextSegmentId: string): AdvanceRuleSpec {
  const top = competition === 'championship' ? CHAMPIONSHIP_LADDER_ADVANCE_TOP : CUP_LADDER_ADVANCE_TOP;
  return { id: `ladder-top-${top}`, nextSegmentId, placements: range(top) };
}

/**
 * Ranks of a finished double-elimination bracket: placement, then the better seed inside a shared
 * range (5-6 …), so advancement rules can address single ranks.
 */
export function rankBracketPlacements(
  placements: readonly { rosterId: string; placement: number }[],
  seeds: readonly { rosterId: string; seed: number }[],
): StageRanking[] {
  const seedOf = new Map(seeds.map((s) => [s.rosterId, s.seed]));
  return [...placements]
    .sort(
      (a, b) => a.placement - b.placement || (seedOf.get(a.rosterId) ?? 0) - (seedOf.get(b.rosterId) ?? 0),
    )
    .map((p, index) => ({ rosterId: p.rosterId, rank: index + 1 }));
}

import type { ChallengeAttributes, ChallengeResource } from '@cwh/contract';
import { sideOfStep, type VetoErrorCode, type VetoSide, type VetoState, vetoSummary } from '@cwh/domain';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { ChallengeRow, ChallengeSide, VoteRow } from './pickban-repository.js';

/** The engine's state of a stored challenge and its votes (in step order). */
export function vetoStateOf(challenge: ChallengeRow, votes: readonly VoteRow[]): VetoState {
  return {
    steps: challenge.steps,
    pool: challenge.pool,
    starter: challenge.starter,
    votes: votes
      .filter((v) => v.challengeId === challenge.id)
      .sort((a, b) => a.step - b.step)
      .map((v) => ({ step: v.step, side: v.side, action: v.action, items: v.items, auto: v.auto })),
  };
}

/** The side `userId` captains in the series, or null. */
export function sideOfUser(sides: readonly ChallengeSide[], userId: string): VetoSide | null {
  const side = sides.find((s) => s.ownerId !== null && s.ownerId === userId);
  if (!side) return null;
  return side.position === 0 ? 'home' : 'away';
}

/** The captains' user ids (for the socket notices). */
export const captainsOf = (sides: readonly ChallengeSide[]) =>
  sides.flatMap((s) => (s.ownerId ? [s.ownerId] : []));

const HTTP_OF_VETO: Record<VetoErrorCode, { code: 'CONFLICT' | 'VALIDATION_FAILED' | 'NOT_ROSTER_OWNER' }> = {
  VETO_CLOSED: { code: 'CONFLICT' },
  VETO_NOT_YOUR_TURN: { code: 'CONFLICT' },
  VETO_ITEM_UNAVAILABLE: { code: 'CONFLICT' },
  VETO_WRONG_COUNT: { code: 'VALIDATION_FAILED' },
  VETO_UNKNOWN_ITEM: { code: 'VALIDATION_FAILED' },
  VETO_INVALID_SETUP: { code: 'VALIDATION_FAILED' },
  VETO_NOT_A_PARTICIPANT: { code: 'NOT_ROSTER_OWNER' },
};

/** A refusal of the engine as the API's error: the catalogue code, the engine's code as meta.reason. */
export function vetoDomainError(code: VetoErrorCode, detail: string): DomainError {
  return new DomainError(HTTP_OF_VETO[code].code, detail, { meta: { reason: code } });
}

/** The JSON:API resource of a challenge, seen by `viewerSide` (null: an organizer). */
export function toChallengeResource(
  challenge: ChallengeRow,
  votes: readonly VoteRow[],
  viewerSide: VetoSide | null,
  seriesStarted = false,
): ChallengeResource {
  const state = vetoStateOf(challenge, votes);
  const summary = vetoSummary(state);
  // A series that started (or finished) before its veto ended takes no more steps: the veto is
  // over where it stopped (votes are refused with VETO_CLOSED too).
  const open = challenge.status === 'open' && !seriesStarted;
  const byStep = new Map(votes.filter((v) => v.challengeId === challenge.id).map((v) => [v.step, v]));
  const attributes: ChallengeAttributes = {
    status: open ? 'open' : 'closed',
    matchSeriesId: challenge.matchSeriesId,
    categoryId: challenge.categoryId,
    steps: challenge.steps.map((s, i) => ({ ...s, side: sideOfStep(challenge.starter, i) })),
    starter: challenge.starter,
    pool: [...challenge.pool],
    currentStep: open ? summary.currentStep : null,
    turn: open ? summary.turn : null,
    turnEndsAt: open && challenge.turnEndsAt ? isoSeconds(challenge.turnEndsAt) : null,
    banned: summary.banned,
    picked: summary.picked,
    remaining: summary.remaining,
    votes: state.votes.map((v) => ({ ...v, at: isoSeconds(byStep.get(v.step)!.createdAt) })),
    mySide: viewerSide,
    createdAt: isoSeconds(challenge.createdAt),
    closedAt: challenge.closedAt ? isoSeconds(challenge.closedAt) : null,
  };
  return { id: challenge.id, type: 'challenges', attributes };
}

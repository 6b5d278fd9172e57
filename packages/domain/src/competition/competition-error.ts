/**
 * Refusals of the competition engines. The server maps them to JSON:API errors (409 CONFLICT with
 * the code as `meta.reason`, 400 for invalid input); the engines never return a half-done result.
 */
export const COMPETITION_ERROR_CODES = [
  /** Swiss: no round left (fixed count reached, or every team qualified or eliminated). */
  'SWISS_STAGE_COMPLETE',
  /** Swiss: an odd field where every active team already had its bye. */
  'SWISS_NO_BYE_CANDIDATE',
  /** Bracket or swiss input that breaks the rules (duplicate roster, seed out of range…). */
  'INVALID_COMPETITION_INPUT',
  /** Double elimination: more teams than the engine supports (64) or fewer than 2. */
  'BRACKET_SIZE_UNSUPPORTED',
  /** Double elimination: the match is not ready (a side is still unknown) or does not exist. */
  'BRACKET_MATCH_NOT_READY',
  /** Double elimination: the winner is not one of the match's two teams. */
  'BRACKET_INVALID_WINNER',
  /** Double elimination: correcting a result whose winner or loser already played a later match. */
  'BRACKET_RESULT_LOCKED',
] as const;
export type CompetitionErrorCode = (typeof COMPETITION_ERROR_CODES)[number];

export class CompetitionError extends Error {
  constructor(
    readonly code: CompetitionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CompetitionError';
  }
}

export function isCompetitionError(error: unknown): error is CompetitionError {
  return error instanceof CompetitionError;
}

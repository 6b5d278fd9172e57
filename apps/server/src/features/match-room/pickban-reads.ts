import type { ChallengeResource } from '@cwh/contract';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { NOT_STARTED_STATES, type PickbanRepository } from './pickban-repository.js';
import { openChallenge, type PickbanDeps } from './pickban-service.js';
import { sideOfUser, toChallengeResource } from './pickban-state.js';

/** GET /challenges/mine: the challenges of the series the caller captains. */
export async function myChallenges(
  repo: PickbanRepository,
  input: {
    tenant: string;
    userId: string;
    categoryId?: string | undefined;
    status?: 'open' | 'closed' | undefined;
  },
): Promise<ChallengeResource[]> {
  const rows = await repo.challengesOfCaptain(input.tenant, input.userId, input);
  const votes = await repo.votesOf(rows.map((r) => r.id));
  const out: ChallengeResource[] = [];
  for (const row of rows) {
    const side = sideOfUser(await repo.sidesOf(row.matchSeriesId), input.userId);
    out.push(toChallengeResource(row, votes, side));
  }
  return out;
}

/**
 * GET /challenges?filter[matchSeries.id]: the two captains, organizers of the event and admins see
 * every challenge of the series, the running one included. Anyone else (signed in or not) sees only
 * the closed ones: a finished veto is public (the match page, the start-war modal and the broadcast
 * view show its result), a running one is not. A series that is due a challenge (a bracket node
 * whose teams became known after it was created) gets it opened here, once.
 */
export async function seriesChallenges(
  deps: PickbanDeps,
  input: { tenant: string; userId: string | null; matchSeriesId: string },
  isOrganizer: (eventId: string) => Promise<boolean>,
): Promise<ChallengeResource[]> {
  const { repo } = deps;
  const series = await repo.series(input.matchSeriesId);
  if (!series || series.tenant !== input.tenant || series.deleted) {
    throw new DomainError('NOT_FOUND', `No match series with id ${input.matchSeriesId}`);
  }
  const sides = await repo.sidesOf(series.id);
  const side = input.userId ? sideOfUser(sides, input.userId) : null;
  const insider = side !== null || (input.userId !== null && (await isOrganizer(series.eventId)));
  let rows = await repo.challengesOfSeries(series.id);
  if (rows.length === 0) {
    const notices = await runInUnitOfWork(deps, SYSTEM_ACTOR, (tx, uow) =>
      openChallenge(deps, series.id, tx, uow),
    );
    if (notices) {
      deps.notify(notices);
      rows = await repo.challengesOfSeries(series.id);
    }
  }
  const started = !(NOT_STARTED_STATES as readonly string[]).includes(series.state);
  const shown = insider || started ? rows : rows.filter((row) => row.status === 'closed');
  const votes = await repo.votesOf(shown.map((r) => r.id));
  return shown.map((row) => toChallengeResource(row, votes, side, started));
}

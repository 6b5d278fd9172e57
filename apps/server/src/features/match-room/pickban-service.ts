import { PICKBAN_STEP_EVENT } from '@cwh/contract';
import {
  applyVote,
  hashString,
  isVetoError,
  timeOutTurn,
  type VetoState,
  validateVetoSetup,
  vetoStarter,
  vetoSummary,
} from '@cwh/domain';
import type { Db, Executor } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR, type UnitOfWork } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { RecordActivity } from '../activity-log/audit.js';
import { type Notice, type Notify, notice } from '../ladder/ladder-notices.js';
import { notifyPickbanTurn } from '../notices/pickban-notices.js';
import {
  type ChallengeRow,
  type ChallengeSide,
  NOT_STARTED_STATES,
  type PickbanRepository,
  type VoteRow,
} from './pickban-repository.js';
import { captainsOf, sideOfUser, vetoDomainError, vetoStateOf } from './pickban-state.js';

declare module '../../jobs/job-queue.js' {
  interface JobPayloads {
    /** The turn `step` of a challenge ran out: the seeded default choice is recorded. */
    'pickban.turn-timeout': { challengeId: string; step: number };
  }
}
export const TURN_TIMEOUT_JOB = 'pickban.turn-timeout';

export interface PickbanDeps {
  db: Db;
  repo: PickbanRepository;
  jobs: JobQueue;
  notify: Notify;
  now: () => Date;
}

const NOT_STARTED = new Set<string>(NOT_STARTED_STATES);

/** The seed of a challenge's default choices: stable for the series and category, on every instance. */
export const challengeSeed = (matchSeriesId: string, categoryId: string) =>
  hashString(`${matchSeriesId}#${categoryId}`);

/** The time-out job of a turn, due at its deadline; one per challenge and step (singleton key). */
async function scheduleTurn(
  deps: PickbanDeps,
  challengeId: string,
  step: number,
  endsAt: Date,
  tx?: Executor,
) {
  const delaySeconds = Math.max(0, endsAt.getTime() - deps.now().getTime()) / 1000;
  await deps.jobs.send(
    TURN_TIMEOUT_JOB,
    { challengeId, step },
    { ...(tx && { tx }), delaySeconds, singletonKey: `${challengeId}:${step}` },
  );
}

function stepNotices(
  tenant: string,
  challenge: ChallengeRow,
  sides: readonly ChallengeSide[],
  step: number | null,
  status: 'open' | 'closed',
): Notice[] {
  const data = {
    challenge: { id: challenge.id },
    matchSeries: { id: challenge.matchSeriesId },
    step,
    status,
  };
  return captainsOf(sides).map((userId) => notice(tenant, userId, PICKBAN_STEP_EVENT, data));
}

/** Where the pick and ban's notice log delivers from: the unit of work it is written in. */
type AfterCommit = Pick<UnitOfWork, 'afterCommit'>;

/** The captain whose turn begins in `state` is told in their notice log (none once it is over). */
async function tellTurn(
  deps: PickbanDeps,
  challenge: ChallengeRow,
  sides: readonly ChallengeSide[],
  state: VetoState,
  tx: Executor,
  after: AfterCommit,
) {
  const summary = vetoSummary(state);
  if (summary.finished) return;
  const { tenant, matchSeriesId } = challenge;
  const turn = { turn: summary.turn!, action: summary.action!, step: summary.currentStep! };
  await notifyPickbanTurn(deps.db, tx, after, { tenant, matchSeriesId, sides, ...turn }, deps.now());
}

/**
 * Opens the pick and ban of a series when its segment has a veto: a stage series still to be
 * played, both teams known, a pool the order can use. Idempotent (one challenge per series and
 * category). Runs inside the caller's transaction; answers the notices to send after its commit,
 * or null when nothing opened. The first turn's captain is told through the notice log (`after`).
 */
export async function openChallenge(
  deps: PickbanDeps,
  seriesId: string,
  tx: Executor,
  after: AfterCommit,
): Promise<Notice[] | null> {
  const { repo } = deps;
  const series = await repo.series(seriesId, tx);
  if (!series || series.deleted || series.bye || !NOT_STARTED.has(series.state)) return null;
  const veto = await repo.segmentVeto(series.segmentId, tx);
  if (!veto) return null;
  const sides = await repo.sidesOf(series.id, tx);
  const home = sides.find((s) => s.position === 0)?.rosterId ?? null;
  const away = sides.find((s) => s.position === 1)?.rosterId ?? null;
  if (!home || !away) return null;
  const pool = await repo.itemIdsOf(veto.categoryId, tx);
  try {
    validateVetoSetup(veto.steps, pool);
  } catch (error) {
    // The category lost items since the organizer set the order: nothing to veto on.
    if (isVetoError(error)) return null;
    throw error;
  }
  const seeds = await repo.stageSeeds(series.id, tx);
  const now = deps.now();
  const turnEndsAt = new Date(now.getTime() + veto.turnSeconds * 1000);
  const challenge = await repo.insertChallenge(
    {
      tenant: series.tenant,
      eventId: series.eventId,
      matchSeriesId: series.id,
      categoryId: veto.categoryId,
      status: 'open',
      steps: veto.steps,
      starter: vetoStarter(veto.starter, { home: seeds.get(home) ?? null, away: seeds.get(away) ?? null }),
      pool,
      seed: challengeSeed(series.id, veto.categoryId),
      turnSeconds: veto.turnSeconds,
      turnEndsAt,
      createdAt: now,
    },
    tx,
  );
  if (!challenge) return null;
  await scheduleTurn(deps, challenge.id, 0, turnEndsAt, tx);
  await tellTurn(deps, challenge, sides, vetoStateOf(challenge, []), tx, after);
  return stepNotices(series.tenant, challenge, sides, null, 'open');
}

/** Records the engine's last vote and moves the challenge on (next deadline and its job, or closed). */
async function saveStep(
  deps: PickbanDeps,
  challenge: ChallengeRow,
  next: VetoState,
  userId: string | null,
  tx: Executor,
): Promise<{ vote: VoteRow; closed: boolean }> {
  const last = next.votes[next.votes.length - 1]!;
  const now = deps.now();
  const vote = await deps.repo.insertVote(
    {
      challengeId: challenge.id,
      step: last.step,
      side: last.side,
      action: last.action,
      items: last.items,
      auto: last.auto,
      userId,
      createdAt: now,
    },
    tx,
  );
  const summary = vetoSummary(next);
  if (summary.finished) {
    await deps.repo.updateChallenge(challenge.id, { status: 'closed', turnEndsAt: null, closedAt: now }, tx);
    return { vote, closed: true };
  }
  const turnEndsAt = new Date(now.getTime() + challenge.turnSeconds * 1000);
  await deps.repo.updateChallenge(challenge.id, { status: 'open', turnEndsAt, closedAt: null }, tx);
  await scheduleTurn(deps, challenge.id, summary.currentStep!, turnEndsAt, tx);
  return { vote, closed: false };
}

/**
 * POST /challenges/{id}/vote: the captain whose turn it is bans or picks. The challenge row is
 * locked, so two votes (or a vote and a time-out) are serialised; a refusal writes nothing.
 */
export async function vote(
  deps: PickbanDeps,
  input: {
    tenant: string;
    userId: string;
    challengeId: string;
    banned: readonly string[];
    picked: readonly string[];
  },
  run: <T>(fn: (tx: Executor, record: RecordActivity, uow: UnitOfWork) => Promise<T>) => Promise<T>,
): Promise<string> {
  const notices = await run(async (tx, record, uow) => {
    const challenge = await deps.repo.challenge(input.tenant, input.challengeId, tx, true);
    const series = challenge && (await deps.repo.series(challenge.matchSeriesId, tx));
    // A deleted series (match-series-admin) hides its challenge like every read of play.
    if (!challenge || !series || series.deleted) {
      throw new DomainError('NOT_FOUND', `No challenge with id ${input.challengeId}`);
    }
    const sides = await deps.repo.sidesOf(challenge.matchSeriesId, tx);
    const side = sideOfUser(sides, input.userId);
    // A stranger learns nothing about the veto, not even that it is over.
    if (!side) throw vetoDomainError('VETO_NOT_A_PARTICIPANT', 'Only a captain of this match may vote');
    if (series.state === 'finished') throw vetoDomainError('VETO_CLOSED', 'The match is over');
    const state = vetoStateOf(challenge, await deps.repo.votesOf([challenge.id], tx));
    let next: VetoState;
    try {
      next = applyVote(state, { side, banned: input.banned, picked: input.picked });
    } catch (error) {
      if (isVetoError(error)) throw vetoDomainError(error.code, error.message);
      throw error;
    }
    const { vote: saved, closed } = await saveStep(deps, challenge, next, input.userId, tx);
    await tellTurn(deps, challenge, sides, next, tx, uow);
    await record({
      action: 'pickban.vote',
      targetType: 'challenges',
      targetId: challenge.id,
      eventId: challenge.eventId,
      after: { step: saved.step, side: saved.side, action: saved.action, items: saved.items, closed },
    });
    return stepNotices(challenge.tenant, challenge, sides, saved.step, closed ? 'closed' : 'open');
  });
  deps.notify(notices);
  return input.challengeId;
}

export type TurnTimeoutRun =
  | { challengeId: string; step: number; kind: 'defaulted'; items: string[]; closed: boolean }
  | { challengeId: string; step: number; kind: 'again'; delayMs: number }
  | { challengeId: string; step: number; kind: 'skipped'; why: string };

/**
 * The time-out job of a turn: when the step is still to take and its deadline has passed, the
 * seeded default choice is recorded as an automatic vote (replayable: same challenge, same step,
 * same items). Idempotent: a vote in time, a second run or a closed challenge change nothing; a
 * run before the deadline (clock skew) sends itself again for the rest.
 */
export async function runTurnTimeout(
  deps: PickbanDeps,
  payload: { challengeId: string; step: number },
): Promise<TurnTimeoutRun> {
  const { challengeId, step } = payload;
  const skip = (why: string): TurnTimeoutRun => ({ challengeId, step, kind: 'skipped', why });
  let notices: Notice[] = [];
  const run = await runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx, uow): Promise<TurnTimeoutRun> => {
    const challenge = await deps.repo.challengeById(challengeId, tx, true);
    if (!challenge) return skip('unknown challenge');
    if (challenge.status !== 'open') return skip('closed');
    const state = vetoStateOf(challenge, await deps.repo.votesOf([challenge.id], tx));
    if (state.votes.length !== step) return skip('step already taken');
    const series = await deps.repo.series(challenge.matchSeriesId, tx);
    if (!series || series.deleted || series.state === 'finished') return skip('series over');
    const now = deps.now();
    if (challenge.turnEndsAt && now < challenge.turnEndsAt) {
      const delayMs = challenge.turnEndsAt.getTime() - now.getTime();
      return { challengeId, step, kind: 'again', delayMs };
    }
    const next = timeOutTurn(state, challenge.seed);
    const { vote: saved, closed } = await saveStep(deps, challenge, next, null, tx);
    const sides = await deps.repo.sidesOf(challenge.matchSeriesId, tx);
    await tellTurn(deps, challenge, sides, next, tx, uow);
    notices = stepNotices(challenge.tenant, challenge, sides, saved.step, closed ? 'closed' : 'open');
    return { challengeId, step, kind: 'defaulted', items: saved.items, closed };
  });
  if (run.kind === 'again') {
    await deps.jobs.send(TURN_TIMEOUT_JOB, payload, {
      delaySeconds: run.delayMs / 1000,
      singletonKey: `${challengeId}:${step}`,
    });
  }
  deps.notify(notices);
  return run;
}

/** At start: the time-out jobs of every open challenge (singleton keys make a repeat a no-op). */
export async function rescheduleOpenTurns(deps: PickbanDeps): Promise<number> {
  const open = await deps.repo.openChallenges();
  const now = deps.now().getTime();
  await deps.jobs.sendMany(
    open.map((c) => ({
      name: TURN_TIMEOUT_JOB,
      payload: { challengeId: c.id, step: c.step },
      delaySeconds: Math.max(0, (c.turnEndsAt?.getTime() ?? now) - now) / 1000,
      singletonKey: `${c.id}:${c.step}`,
    })),
  );
  return open.length;
}

/** At start: opens the challenges of series created while no app ran (the seeded stages). */
export async function openAwaitingChallenges(deps: PickbanDeps): Promise<number> {
  const ids = await deps.repo.seriesAwaitingChallenge();
  let opened = 0;
  for (const id of ids) {
    const notices = await runInUnitOfWork(deps, SYSTEM_ACTOR, (tx, uow) => openChallenge(deps, id, tx, uow));
    if (notices) {
      opened++;
      deps.notify(notices);
    }
  }
  return opened;
}

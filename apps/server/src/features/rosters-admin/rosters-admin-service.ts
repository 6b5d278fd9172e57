import type { AdminRosterResource } from '@cwh/contract';
import { ROSTER_ALREADY_PLAYED_DETAIL } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { runTransactionHooks, type TransactionHook } from '../../lib/transaction-hooks.js';
import type { RequireAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import type { WithdrawnRoster } from '../clan/clan-context.js';
import { createRosterRepository, type RosterRow } from '../rosters/roster-repository.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { createTeamRepository } from '../teams/team-repository.js';
import { type AdminRosterFilter, createRostersAdminRepository } from './rosters-admin-repository.js';

export interface RostersAdminDeps {
  db: Db;
  audited: Audited;
  requireAccess: RequireAccess;
  now: () => Date;
  /** The same hooks as the leader's withdrawal: the team leaves play (queue, series forfeited). */
  rosterWithdrawnHooks: readonly TransactionHook<WithdrawnRoster>[];
}

/** A refusal of the state (409) with the reason the console shows. */
export const conflict = (reason: string, detail: string) =>
  new DomainError('CONFLICT', detail, { meta: { reason } });

/** The team size (spec 9): an organizer cannot lock fewer players than a team. */
const TEAM_SIZE = 5;

/** What the activity log keeps of a roster before and after a change. */
const auditView = (row: RosterRow) => ({
  segmentId: row.segmentId,
  confirmedAt: row.confirmedAt,
  withdrawnAt: row.withdrawnAt,
  checkedIn: row.checkedIn,
  teamId: row.teamId,
});

/** Rosters with owner, segment, members and whether they played, in a few queries. */
export async function toAdminRosters(db: Executor, rows: RosterRow[]): Promise<AdminRosterResource[]> {
  const repo = createRostersAdminRepository(db);
  const ids = rows.map((r) => r.id);
  const [members, played, owners, segments, teams] = await Promise.all([
    repo.activeMembers(ids),
    repo.played(ids),
    repo.owners([...new Set(rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))]),
    repo.segmentsByIds([...new Set(rows.map((r) => r.segmentId))]),
    repo.teamsByIds([...new Set(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])))]),
  ]);
  const suspended = await repo.suspendedTags([...new Set(members.map((m) => m.playerTag))]);
  return rows.map((row) => {
    const owner = row.ownerId ? (owners.get(row.ownerId) ?? null) : null;
    const lineup = members
      .filter((m) => m.rosterId === row.id)
      .map((m) => ({
        tag: m.playerTag,
        name: m.name,
        position: m.position,
        thLevel: m.thLevel,
        registrationStatus: m.registeredAt ? ('ready' as const) : ('needsToRegister' as const),
        suspended: suspended.has(m.playerTag),
      }));
    return {
      id: row.id,
      type: 'admin-rosters' as const,
      attributes: {
        name: row.name,
        clanTag: row.clanTag,
        owner,
        team: row.teamId ? (teams.get(row.teamId) ?? null) : null,
        segment: { id: row.segmentId, name: segments.get(row.segmentId)?.name ?? '' },
        event: { id: row.eventId },
        createdAt: isoSeconds(row.createdAt),
        confirmed_at: row.confirmedAt ? isoSeconds(row.confirmedAt) : null,
        locked: row.confirmedAt !== null,
        withdrawnAt: row.withdrawnAt ? isoSeconds(row.withdrawnAt) : null,
        checkedIn: row.checkedIn,
        hasPlayed: played.has(row.id),
        members: lineup,
        hasSuspended: (owner?.suspended ?? false) || lineup.some((m) => m.suspended),
      },
    };
  });
}

/** Roster actions of the organizer console: search, lock, unlock, withdraw, move. */
export function createRostersAdminService(deps: RostersAdminDeps) {
  const { db, audited, requireAccess, now } = deps;
  const rosters = createRosterRepository(db);
  const repo = createRostersAdminRepository(db);
  const segments = createSegmentRepository(db);
  const teams = createTeamRepository(db);

  /** The roster (404 first), then the caller must run its event. */
  async function authorize(request: FastifyRequest, id: string) {
    const roster = await rosters.getById(request.tenant, id);
    await requireAccess(request, 'event:manage', roster.eventId);
    return roster;
  }

  /** Locks the row, applies `change`, records it with before and after, in one transaction. */
  async function change(
    request: FastifyRequest,
    id: string,
    action: string,
    apply: (row: RosterRow, tx: Executor, uow: UnitOfWork) => Promise<RosterRow>,
  ) {
    await authorize(request, id);
    const updated = await audited(request, async (tx, record, uow) => {
      const row = await rosters.lockById(request.tenant, id, tx);
      const after = await apply(row, tx, uow);
      await record({
        action,
        targetType: 'rosters',
        targetId: id,
        eventId: row.eventId,
        before: auditView(row),
        after: auditView(after),
      });
      return after;
    });
    return (await toAdminRosters(db, [updated]))[0]!;
  }

  const refuseWithdrawn = (row: RosterRow) => {
    if (row.withdrawnAt) throw conflict('ROSTER_WITHDRAWN', 'The roster is withdrawn');
  };
  const refusePlayed = async (row: RosterRow, tx: Executor) => {
    if ((await repo.played([row.id], tx)).size > 0)
      throw new DomainError('ROSTER_ALREADY_PLAYED', `The ${ROSTER_ALREADY_PLAYED_DETAIL} in this segment`);
  };

  return {
    async list(request: FastifyRequest, filter: AdminRosterFilter, page: { offset: number; size: number }) {
      await requireAccess(request, 'event:manage', filter.eventId);
      const { rows, total } = await repo.search(filter, page);
      return { data: await toAdminRosters(db, rows), total };
    },

    async get(request: FastifyRequest, id: string) {
      return (await toAdminRosters(db, [await authorize(request, id)]))[0]!;
    },

    /** Lock on the team's behalf: a live roster of at least a team's size, not locked yet. */
    lock(request: FastifyRequest, id: string) {
      return change(request, id, 'roster.lock', async (row, tx) => {
        refuseWithdrawn(row);
        if (row.confirmedAt) throw conflict('ALREADY_LOCKED', 'The roster is already locked');
        if ((await rosters.activeMembers(row.id, tx)).length < TEAM_SIZE)
          throw new DomainError('INCOMPLETE_ROSTER', 'Please pick at least 5 clan members');
        return repo.update(row.id, { confirmedAt: now() }, tx);
      });
    },

    /** Unlock clears confirmed_at, refused once the roster has played a series of its segment. */
    unlock(request: FastifyRequest, id: string) {
      return change(request, id, 'roster.unlock', async (row, tx) => {
        refuseWithdrawn(row);
        if (!row.confirmedAt) throw conflict('NOT_LOCKED', 'The roster is not locked');
        await refusePlayed(row, tx);
        return repo.update(row.id, { confirmedAt: null }, tx);
      });
    },

    /**
     * Withdraw as the leader's withdrawal does: members released, the roster withdrawn, and the
     * withdrawal hooks take it out of play in the same transaction; their notices after the commit.
     */
    async withdraw(request: FastifyRequest, id: string) {
      return change(request, id, 'roster.withdraw', async (row, tx, uow) => {
        refuseWithdrawn(row);
        const active = await rosters.activeMembers(row.id, tx);
        const at = now();
        await rosters.removeMembers(
          row.id,
          active.map((m) => m.playerTag),
          'withdrawn',
          at,
          tx,
        );
        const updated = await repo.update(row.id, { withdrawnAt: at }, tx);
        await runTransactionHooks(deps.rosterWithdrawnHooks, { id: row.id, tenant: row.tenant }, uow);
        return updated;
      });
    },

    /**
     * Move to another level-0 segment of the same event, before the roster has played: its segment
     * check-in starts over; lock and members stay. A clan already live there is a CONFLICT.
     */
    move(request: FastifyRequest, id: string, segmentId: string) {
      return change(request, id, 'roster.move', async (row, tx) => {
        const target = await segments.findInTenant(request.tenant, segmentId, tx);
        const invalid = (detail: string) =>
          new DomainError('VALIDATION_FAILED', detail, { source: { pointer: '/data/id' } });
        if (!target || target.segment.eventId !== row.eventId)
          throw invalid('The segment is not a segment of the roster’s event');
        if (target.segment.parentId !== null) throw invalid('Rosters register on a top-level segment');
        if (target.segment.id === row.segmentId) throw invalid('The roster is already in this segment');
        refuseWithdrawn(row);
        await refusePlayed(row, tx);
        return repo.update(row.id, { segmentId: target.segment.id, checkedIn: false }, tx);
      });
    },

    /** The team the roster is the season's entry of (any team of the tenant), or none (null). */
    setTeam(request: FastifyRequest, id: string, teamId: string | null) {
      return change(request, id, 'roster.team', async (row, tx) => {
        if (teamId !== null && !(await teams.find(request.tenant, teamId, tx)))
          throw new DomainError('VALIDATION_FAILED', 'No team with this id', {
            source: { pointer: '/data/id' },
          });
        return repo.update(row.id, { teamId }, tx);
      });
    },
  };
}
export type RostersAdminService = ReturnType<typeof createRostersAdminService>;

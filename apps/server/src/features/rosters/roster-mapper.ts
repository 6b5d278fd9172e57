import type { RosterResource } from '@cwh/contract';
import { isRosterLocked, rosterDisplayName } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { identifier, isoSeconds } from '../../http/jsonapi.js';
import { createPlayerRepository } from '../players/player-repository.js';
import { createRosterRepository, type RosterRow } from './roster-repository.js';

/**
 * Maps rosters with their active players, owners' game accounts and segment parents in a few
 * queries, read after the write committed (callers pass the database, not a transaction).
 */
export async function toRosterResources(db: Executor, rows: RosterRow[]): Promise<RosterResource[]> {
  if (rows.length === 0) return [];
  const repo = createRosterRepository(db);
  const players = createPlayerRepository(db);
  const members = (await repo.members(rows.map((r) => r.id))).filter((m) => m.removedAt === null);
  const accounts = await players.accountsByTags([...new Set(members.map((m) => m.playerTag))]);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is string => id !== null))];
  const ownerAccounts = await players.accountsByUsers(ownerIds);
  const parents = await repo.segmentParents([...new Set(rows.map((r) => r.segmentId))]);
  return rows.map((row) => {
    const own = members.filter((m) => m.rosterId === row.id);
    const userIds = [
      ...new Set(own.map((m) => accounts.get(m.playerTag)?.userId).filter((id): id is string => !!id)),
    ];
    const owner = row.ownerId ? ownerAccounts.get(row.ownerId) : undefined;
    const parentId = parents.get(row.segmentId) ?? null;
    return {
      id: row.id,
      type: 'rosters' as const,
      attributes: {
        name: row.name,
        displayName: rosterDisplayName(
          { name: row.name },
          owner ? { gameAccounts: owner.map((a) => ({ username: a.username })) } : null,
        ),
        createdAt: isoSeconds(row.createdAt),
        confirmed_at: row.confirmedAt ? isoSeconds(row.confirmedAt) : null,
        locked: isRosterLocked(row),
        withdrawnAt: row.withdrawnAt ? isoSeconds(row.withdrawnAt) : null,
        checkedIn: row.checkedIn,
        tree: { level: row.treeLevel },
        thLevel: row.thLevel,
        segment: { id: row.segmentId, parent: parentId ? { id: parentId } : null },
        event: { id: row.eventId },
        externalIds: row.externalIds,
        players: own.map((m) => ({
          tag: m.playerTag,
          name: m.name,
          position: m.position,
          userId: accounts.get(m.playerTag)?.userId ?? null,
          registered: m.registeredAt !== null,
        })),
      },
      relationships: {
        owner: { data: row.ownerId ? identifier('users', row.ownerId) : null },
        users: { data: userIds.map((id) => identifier('users', id)) },
        segment: { data: identifier('segments', row.segmentId) },
        event: { data: identifier('events', row.eventId) },
      },
    };
  });
}

export async function toRosterResource(db: Executor, row: RosterRow): Promise<RosterResource> {
  return (await toRosterResources(db, [row]))[0]!;
}

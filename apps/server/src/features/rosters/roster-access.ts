import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import type { GameAdapter } from '../../game/index.js';
import { createAccessCheck } from '../access/access.js';
import type { RosterRow } from './roster-repository.js';

const forbidden = (who: string) => new DomainError('FORBIDDEN', `Only ${who}`);

/**
 * Who may call what on a platform roster (docs/api/rosters.md), decided once per request through
 * the platform's one rule (`createAccessCheck`, the domain's `canPerform`): `roster:manage` (the
 * admin's) acts on any roster, `event:manage` (admins, the event's organizers) places and removes
 * players directly. Owning a roster is not a platform role: the owner is its hub user (or that
 * user's player); the clan's leader (read from the game) may change a clan roster's lineup.
 * Each check throws FORBIDDEN `Only <who>` when refused and answers in which capacity the caller acts.
 */
export function createRosterAccess(db: Executor, game: GameAdapter) {
  const may = createAccessCheck(db);

  const isOwner = (request: FastifyRequest, roster: RosterRow) =>
    roster.ownerId !== null && (request.user?.id ?? request.player?.userId) === roster.ownerId;

  async function isClanLeader(request: FastifyRequest, roster: RosterRow): Promise<boolean> {
    if (!request.player || !roster.clanTag) return false;
    const tag = request.player.tag;
    const player = await gameCall(() => game.getPlayer(tag));
    return player?.clan?.tag === roster.clanTag && player.role === 'leader';
  }

  /** Creating a roster: any hub user, a clan roster (a clan tag among its external ids) only with `roster:manage`. */
  async function requireCreate(request: FastifyRequest, clanTag: string | null): Promise<void> {
    if (clanTag && !(await may(request.user, 'roster:manage')))
      throw forbidden('admins can create clan rosters here; leaders use POST /api/clan/1.0/members');
  }

  /** The roster's owner, or `roster:manage`; answers whether the caller acts with the platform right. */
  async function requireOwnerOrManager(
    request: FastifyRequest,
    roster: RosterRow,
    who: string,
  ): Promise<{ manager: boolean }> {
    const manager = await may(request.user, 'roster:manage');
    if (!manager && !isOwner(request, roster)) throw forbidden(who);
    return { manager };
  }

  /** PATCH: the owner changes name and group link; tree.level and confirmed_at need `roster:manage`. */
  async function requireEdit(request: FastifyRequest, roster: RosterRow, managerFields: boolean) {
    const { manager } = await requireOwnerOrManager(
      request,
      roster,
      'the roster owner or an admin can change a roster',
    );
    if (!manager && managerFields) throw forbidden('an admin can change tree.level or confirmed_at');
  }

  /**
   * The lineup (add or kick players): staff of its event (`event:manage`), its owner, or its clan's
   * leader. Answers whether the caller is staff: staff place players directly, others invite.
   */
  async function requireLineup(
    request: FastifyRequest,
    roster: RosterRow,
    verb: 'add' | 'remove',
  ): Promise<{ staff: boolean }> {
    const staff = await may(request.user, 'event:manage', roster.eventId);
    if (!staff && !isOwner(request, roster) && !(await isClanLeader(request, roster))) {
      throw forbidden(
        `the roster owner, the clan's leader, its event's organizers or an admin can ${verb} players`,
      );
    }
    return { staff };
  }

  return { requireCreate, requireOwnerOrManager, requireEdit, requireLineup };
}
export type RosterAccess = ReturnType<typeof createRosterAccess>;

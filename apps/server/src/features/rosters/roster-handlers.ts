import { CLAN_TAG_EXTERNAL_PROVIDER, type CreateRosterBody, type UpdateRosterBody } from '@cwh/contract';
import { isRosterLocked } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { normalizeTag } from '../../game/index.js';
import { generateToken } from '../auth/opaque-token.js';
import type { RosterAccess } from './roster-access.js';
import { toRosterResource } from './roster-mapper.js';
import { createRoster, type RosterMembershipDeps } from './roster-membership.js';
import type { NewRoster, RosterRepository } from './roster-repository.js';

/** What the roster handlers share: the repository, who may call (`access`) and the membership writes. */
export interface RosterHandlerDeps {
  db: Db;
  now: () => Date;
  repo: RosterRepository;
  access: RosterAccess;
  membership: RosterMembershipDeps;
}

const locked = () =>
  new DomainError('ROSTER_LOCKED', 'The roster is locked; its lineup can no longer change');

/** The clan tag of a roster is its external id of the clan-tag provider, normalized like every tag. */
function normalizedExternalIds(body: CreateRosterBody['data']['attributes']) {
  const externalIds = (body.externalIds ?? []).map((e) =>
    e.provider === CLAN_TAG_EXTERNAL_PROVIDER ? { ...e, value: normalizeTag(e.value) } : e,
  );
  const clanTag = externalIds.find((e) => e.provider === CLAN_TAG_EXTERNAL_PROVIDER)?.value ?? null;
  return { externalIds, clanTag };
}

/** POST /rosters: a hub user's roster in an active event's segment (clan rosters: `roster:manage`). */
export async function createRosterHandler(
  deps: RosterHandlerDeps,
  request: FastifyRequest,
  body: CreateRosterBody['data']['attributes'],
) {
  const ownerId = request.user?.id ?? request.player?.userId;
  if (!ownerId) throw new DomainError('NOT_REGISTERED', 'Create your hub account before creating a roster');
  const { externalIds, clanTag } = normalizedExternalIds(body);
  await deps.access.requireCreate(request, clanTag);
  const { segment, event } = await deps.repo.getSegment(request.tenant, body.segmentId);
  if (event.status !== 'active')
    throw new DomainError('EVENT_NOT_ACTIVE', 'This event is no longer active and takes no rosters');
  // A second live roster of the clan in this segment is a CONFLICT, a segment at its
  // rostersLimit.limit is SEGMENT_FULL (the repository says both).
  const row = await createRoster(deps.membership, {
    tenant: request.tenant,
    eventId: event.id,
    segmentId: segment.id,
    name: body.name,
    ownerId,
    clanTag,
    thLevel: body.thLevel ?? segment.configuration.thLevel,
    externalIds,
    joiningKey: generateToken(),
    createdAt: deps.now(),
  });
  return { data: await toRosterResource(deps.db, row) };
}

/** The columns a PATCH sets: only the attributes it names (none: nothing changes). */
function rosterChanges(body: UpdateRosterBody['data']['attributes']): Partial<NewRoster> {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.treeLevel !== undefined ? { treeLevel: body.treeLevel } : {}),
    ...(body.confirmed_at !== undefined
      ? { confirmedAt: body.confirmed_at === null ? null : new Date(body.confirmed_at) }
      : {}),
    ...(body.chatGroupUrl !== undefined ? { chatGroupUrl: body.chatGroupUrl } : {}),
  };
}

/** PATCH /rosters/:id: the owner or `roster:manage`; tree.level and confirmed_at only the latter. */
export async function updateRosterHandler(
  deps: RosterHandlerDeps,
  request: FastifyRequest,
  id: string,
  body: UpdateRosterBody['data']['attributes'],
) {
  const roster = await deps.repo.getById(request.tenant, id);
  const managerFields = body.treeLevel !== undefined || body.confirmed_at !== undefined;
  await deps.access.requireEdit(request, roster, managerFields);
  const updated = await deps.repo.update(roster.id, rosterChanges(body));
  return { data: await toRosterResource(deps.db, updated) };
}

/** DELETE /rosters/:id: `roster:manage` any time, the owner only before the lock. */
export async function deleteRosterHandler(deps: RosterHandlerDeps, request: FastifyRequest, id: string) {
  const roster = await deps.repo.getById(request.tenant, id);
  const { manager } = await deps.access.requireOwnerOrManager(
    request,
    roster,
    'the roster owner or an admin can delete a roster',
  );
  if (!manager && isRosterLocked(roster)) throw locked();
  await deps.repo.delete(roster.id);
}

/** GET /rosters/:id/joining-key: the owner or `roster:manage`. */
export async function joiningKeyHandler(deps: RosterHandlerDeps, request: FastifyRequest, id: string) {
  const roster = await deps.repo.getById(request.tenant, id);
  await deps.access.requireOwnerOrManager(
    request,
    roster,
    'the roster owner or an admin can see the joining key',
  );
  return {
    data: { id: roster.id, type: 'joining-keys' as const, attributes: { joiningKey: roster.joiningKey } },
  };
}

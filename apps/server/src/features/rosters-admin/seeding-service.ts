import type { SeedEntry } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import { isoSeconds } from '../../http/jsonapi.js';
import { createBracketsRepository } from '../brackets/brackets-repository.js';
import { createStageEntrants } from '../brackets/stage-entrants.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { createRostersAdminRepository } from './rosters-admin-repository.js';
import type { RostersAdminDeps } from './rosters-admin-service.js';

/**
 * The proposed seeds of a stage (docs/api/rosters-admin.md). Before the stage exists: the rosters
 * that advanced into it in their next-seed order (stage_outcomes), else the locked rosters by best
 * previous placement (the bracket's default seeding); with check-ins enabled, only those checked
 * in. Once the stage exists: its seeds, each flagged when its lineup changed after the stage began.
 */
export function createSeedingService(deps: Pick<RostersAdminDeps, 'db' | 'requireAccess'>) {
  const { db, requireAccess } = deps;
  const segments = createSegmentRepository(db);
  const brackets = createBracketsRepository(db);
  const entrantsOf = createStageEntrants(db);
  const repo = createRostersAdminRepository(db);

  async function proposal(segment: Awaited<ReturnType<typeof brackets.getSegment>>) {
    const ordered = (await entrantsOf(segment)).map((e) => ({
      id: e.rosterId,
      source: e.source,
      rank: e.rank,
    }));
    const rows = new Map((await repo.rostersByIds(ordered.map((o) => o.id))).map((r) => [r.id, r]));
    const checkinsOn = segment.checkinsConfig.enabled;
    return ordered
      .filter((o) => !checkinsOn || rows.get(o.id)?.checkedIn)
      .map(
        (o, index): SeedEntry => ({
          seed: index + 1,
          roster: { id: o.id, name: rows.get(o.id)?.name ?? null, clanTag: rows.get(o.id)?.clanTag ?? null },
          source: o.source,
          previousRank: o.rank,
          checkedIn: rows.get(o.id)?.checkedIn ?? false,
          lineupChangedAt: null,
        }),
      );
  }

  async function stageSeeds(stage: { teams: { rosterId: string; seed: number }[]; createdAt: Date }) {
    const teams = [...stage.teams].sort((a, b) => a.seed - b.seed);
    const ids = teams.map((t) => t.rosterId);
    const rows = new Map((await repo.rostersByIds(ids)).map((r) => [r.id, r]));
    const changed = await repo.lineupChangesSince(ids, stage.createdAt);
    return teams.map(
      (t): SeedEntry => ({
        seed: t.seed,
        roster: {
          id: t.rosterId,
          name: rows.get(t.rosterId)?.name ?? null,
          clanTag: rows.get(t.rosterId)?.clanTag ?? null,
        },
        source: 'stage',
        previousRank: null,
        checkedIn: rows.get(t.rosterId)?.checkedIn ?? false,
        lineupChangedAt: changed.has(t.rosterId) ? isoSeconds(changed.get(t.rosterId)!) : null,
      }),
    );
  }

  return {
    async get(request: FastifyRequest, segmentId: string) {
      const { segment, event } = await segments.getInTenant(request.tenant, segmentId);
      await requireAccess(request, 'event:manage', event.id);
      const stage = await brackets.stageOfSegment(segment.id);
      return {
        segment: { id: segment.id, name: segment.name, eliminationType: segment.eliminationType },
        stage: stage ? { id: stage.id, createdAt: isoSeconds(stage.createdAt) } : null,
        seeds: stage ? await stageSeeds(stage) : await proposal(segment),
      };
    },
  };
}

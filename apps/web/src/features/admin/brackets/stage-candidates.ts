import type { RosterResource, SegmentResource } from '@cwh/contract';
import { rostersAdminApi } from '../rosters/rosters-admin-api';
import { stageApi } from './stage-api';
import type { SeedCandidate } from './stage-create-form';

const parentOf = (segment: SegmentResource) => segment.relationships?.parent?.data?.id ?? null;

/**
 * Ladder placements of the stage's rosters: the best placement in the standings of the ladder
 * segments of the same stage (the container and its children), as the server seeds.
 */
async function placements(segment: SegmentResource, all: SegmentResource[]) {
  const root = parentOf(segment) ?? segment.id;
  const ladders = all.filter(
    (s) => s.attributes.eliminationType === 'ladder' && (s.id === root || parentOf(s) === root),
  );
  const best = new Map<string, number>();
  for (const ladder of ladders) {
    const rows = await stageApi.standings(ladder.id).catch(() => []);
    for (const row of rows) {
      const id = row.attributes.roster.id;
      // Ladder and swiss rows always have a placement; a bracket row only once its team is out
      // (its rank orders the teams still playing).
      const placement =
        row.type === 'bracket-standings'
          ? (row.attributes.placement ?? row.attributes.rank)
          : row.attributes.placement;
      best.set(id, Math.min(best.get(id) ?? Number.POSITIVE_INFINITY, placement));
    }
  }
  return best;
}

/**
 * Who may be seeded into a stage not yet created: the locked rosters of the stage (by best previous
 * placement), and the proposed field in seed order from the seeding proposal: the teams the previous
 * stage's advance rule qualified into it (flagged), else the best placed, checked in when check-ins
 * are on. Without a proposal (none yet, or the call refused) the form seeds by placement.
 */
export async function stageCandidates(
  segment: SegmentResource,
  all: SegmentResource[],
  rosters: RosterResource[],
): Promise<{ candidates: SeedCandidate[]; proposed: string[] }> {
  const placed = await placements(segment, all);
  const proposal = await rostersAdminApi.seeding(segment.id).catch(() => null);
  const seeds = proposal && proposal.stage === null ? proposal.seeds : [];
  const qualified = new Set(seeds.filter((s) => s.source === 'advanced').map((s) => s.roster.id));
  const candidates = rosters
    .filter((r) => r.attributes.locked && !r.attributes.withdrawnAt)
    .map((r) => ({
      id: r.id,
      name: r.attributes.displayName,
      placement: placed.get(r.id) ?? null,
      qualified: qualified.has(r.id),
    }))
    .sort((x, y) => (x.placement ?? Number.POSITIVE_INFINITY) - (y.placement ?? Number.POSITIVE_INFINITY));
  const known = new Set(candidates.map((c) => c.id));
  return { candidates, proposed: seeds.map((s) => s.roster.id).filter((id) => known.has(id)) };
}

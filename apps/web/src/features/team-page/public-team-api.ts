import type { RosterDocument, RosterResource, SegmentResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { api } from '../../lib/api-client';
import { finalStage } from '../checkins/use-stage-timeline';
import { fetchEventSegments } from '../events/ladder-segment';
import { fetchOwnStanding, type Standing } from '../leaderboard/standings-api';
import { fetchMatchSeriesList, type MatchSeriesValue } from '../matches/match-series-api';
import { stagesOfRoster } from './public-team-phase';

/** What the public team page shows: the roster, its standing, its last and next match, its stages. */
export interface PublicTeam {
  id: string;
  roster: RosterResource['attributes'];
  /** Its row in the standings of the stage of its last (else next) match; null before any. */
  standing: Standing | null;
  /** The stage that standing is in (named next to the rank: a ladder rank is not a swiss rank). */
  rankedIn: SegmentResource | null;
  last: MatchSeriesValue | null;
  next: MatchSeriesValue | null;
  stages: SegmentResource[];
  /** It won the finished last stage (the finals): placement 1 there. */
  champion: boolean;
}

async function fetchRoster(id: string, signal?: AbortSignal): Promise<RosterResource> {
  const document = await api.get<RosterDocument>(`${API.tournaments}/rosters/${encodeURIComponent(id)}`, {
    ...(signal ? { signal } : {}),
  });
  return document.data;
}

/** GET /rosters/{id} (public), its event's segments, its last and next series and standings rows. */
export async function fetchPublicTeam(
  rosterId: string,
  now: Date,
  signal?: AbortSignal,
): Promise<PublicTeam> {
  const roster = await fetchRoster(rosterId, signal);
  const base = { rosterId, pageSize: 1 };
  const [all, [last], [next]] = await Promise.all([
    fetchEventSegments(roster.attributes.event.id).catch(() => [] as SegmentResource[]),
    fetchMatchSeriesList({ ...base, state: 'finished', sort: '-date' }, signal),
    fetchMatchSeriesList({ ...base, state: 'upcoming', sort: 'date' }, signal),
  ]);
  const stages = stagesOfRoster(roster.attributes, all);
  const rankedIn = last?.segment.id ?? next?.segment.id ?? null;
  const final = finalStage(stages);
  const finalDone =
    final != null &&
    final.attributes.eliminationType !== 'ladder' &&
    Date.parse(final.attributes.date.to) < now.getTime();
  const [standing, finalStanding] = await Promise.all([
    rankedIn ? fetchOwnStanding(rankedIn, rosterId, signal).catch(() => null) : null,
    finalDone ? fetchOwnStanding(final.id, rosterId, signal).catch(() => null) : null,
  ]);
  return {
    id: roster.id,
    roster: roster.attributes,
    standing,
    rankedIn: standing ? (all.find((segment) => segment.id === rankedIn) ?? null) : null,
    last: last ?? null,
    next: next ?? null,
    stages,
    champion: finalStanding?.placement === 1,
  };
}

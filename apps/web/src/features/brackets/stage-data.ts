import type { SegmentResource } from '@cwh/contract';
import { type Loadable, settle } from '../../lib/loadable';
import { fetchEvents } from '../events/events-api';
import type { LadderSegment } from '../events/ladder-segment';
import { fetchEventSegments } from '../events/ladder-segment';
import type { MatchSeriesValue } from '../matches/match-series-api';
import {
  type BracketInfo,
  fetchBracketInfo,
  fetchStageSeries,
  fetchSwissRecords,
  type SwissRecord,
} from './brackets-api';
import { swissRoundNumbers } from './stage-model';

export const STAGE_VIEWS = ['bracket', 'rounds', 'standings', 'participants', 'matches'] as const;
export type StageViewName = (typeof STAGE_VIEWS)[number];

/** What a stage page (competition tab or broadcast) loads: the stage, its series and standings. */
export interface StageData {
  segment: SegmentResource | null;
  segmentId: string;
  /** 'missing' until the organizers seed the stage. */
  info: Loadable<BracketInfo>;
  series: MatchSeriesValue[];
  /** Swiss only: the standings after `round` (the last finished round by default). */
  records: SwissRecord[];
  /** Swiss: the round shown (pools and standings); null before the first round. */
  round: number | null;
  rounds: number[];
  view: StageViewName;
}

export const isStageSegment = (segment: SegmentResource | null | undefined) =>
  segment?.attributes.eliminationType === 'swiss' ||
  segment?.attributes.eliminationType === 'double_elimination';

/** The views a stage offers: swiss rounds and standings, or the bracket; then participants and matches. */
export function stageViews(format: 'swiss' | 'double_elimination'): StageViewName[] {
  return format === 'swiss'
    ? ['rounds', 'standings', 'participants', 'matches']
    : ['bracket', 'participants', 'matches'];
}

/** The other segments of the competing segment's stage (Open Qualifier, Monthly Qualifier…), by start. */
export function stageChoices(ladder: LadderSegment): SegmentResource[] {
  const parentId = ladder.stage?.id ?? ladder.segment.relationships?.parent.data?.id ?? null;
  if (!parentId) return [];
  return ladder.all
    .filter((segment) => segment.relationships?.parent.data?.id === parentId)
    .sort((a, b) => a.attributes.date.from.localeCompare(b.attributes.date.from));
}

/**
 * The stage the competition page shows instead of the ladder: the one picked (`?stage=`), else the
 * active segment when it is a swiss or double-elimination stage; null for the ladder.
 */
export function pickedStage(ladder: LadderSegment, picked: string | null): SegmentResource | null {
  if (picked) {
    const segment = stageChoices(ladder).find((candidate) => candidate.id === picked) ?? null;
    return isStageSegment(segment) ? segment : null;
  }
  return isStageSegment(ladder.segment) ? ladder.segment : null;
}

/** A segment by id among the events' segments (the broadcast view has only the id). */
export async function findSegment(segmentId: string): Promise<SegmentResource | null> {
  const events = await fetchEvents().catch(() => []);
  for (const event of events) {
    const all = await fetchEventSegments(event.id).catch(() => []);
    const found = all.find((segment) => segment.id === segmentId);
    if (found) return found;
  }
  return null;
}

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Loads a stage: its info, every series and (swiss) the standings of the chosen round. */
export async function loadStage(
  segmentId: string,
  segment: SegmentResource | null,
  search: URLSearchParams,
  signal?: AbortSignal,
): Promise<StageData> {
  const info = await settle(fetchBracketInfo(segmentId, signal));
  const base = { segment, segmentId, info, series: [], records: [], round: null, rounds: [] };
  if (info.status !== 'ready') return { ...base, view: 'bracket' };
  const format = info.value.format;
  const views = stageViews(format);
  const view = views.find((name) => name === search.get('view')) ?? views[0]!;
  const series = await fetchStageSeries(info.value.id, {}, signal).catch(() => []);
  if (format !== 'swiss') return { ...base, series, view };
  const rounds = swissRoundNumbers(series);
  const asked = positiveInt(search.get('round'));
  const round = asked && rounds.includes(asked) ? asked : (rounds.at(-1) ?? null);
  const records = await fetchSwissRecords(segmentId, round ?? undefined, signal).catch(() => []);
  return { ...base, series, records, round, rounds, view };
}

/** Seed of every roster of the stage. */
export const seedsOf = (info: BracketInfo) => new Map(info.teams.map((team) => [team.rosterId, team.seed]));

/** Rows of the swiss standings on the broadcast view: `?rows=N` (1 to 128), else 16. */
export const BROADCAST_DEFAULT_ROWS = 16;
export function standingsRows(search: URLSearchParams): number {
  const rows = positiveInt(search.get('rows'));
  return rows ? Math.min(rows, 128) : BROADCAST_DEFAULT_ROWS;
}

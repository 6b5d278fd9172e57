import type {
  AdvancementListDocument,
  BracketInfoDocument,
  BracketInfoResource,
  CheckinListDocument,
  CreateBracketBody,
  MatchSeriesResource,
  MatchSeriesResultPreviewDocument,
  RosterResource,
  SegmentStandingListDocument,
  SwissRecordListDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError, type ApiQuery, allPages, attributesBody } from '../../../lib/api-client';
import { consoleApi } from '../console/admin-session';

/**
 * The stage calls of the organizer console (tournament stages, spec §7 and issue #7): create and
 * seed, swiss rounds, advancement, the stage's match series with their check-ins, and results.
 */

const T = API.tournaments;
const M = API.matches;
/** The server's largest page (contract `pageQuery`). */
const PAGE_SIZE = 100;

/** One check-in of a series (GET /checkins?filter[matchSeries]). */
export type CheckinItem = CheckinListDocument['data'][number];

export type StageInfo = BracketInfoResource;
export type CreateStageAttributes = CreateBracketBody['data']['attributes'];
export type Advancement = AdvancementListDocument['data'][number];
/** A segment's saved advance rule (events page): placements → next segment. */
export interface AdvanceRule {
  placements: number[];
  nextSegmentId: string;
}

/** The organizer's result of one series (PATCH …/relationships/matches/results). */
export interface SeriesResultInput {
  homeStars: number;
  awayStars: number;
  homeDestruction?: number;
  awayDestruction?: number;
  forfeit?: 'home' | 'away' | 'both';
  reason: string;
}

/** What a result would reset (POST /match-series/{id}/results/preview, issue #31). */
export type ResultPreview = MatchSeriesResultPreviewDocument['data']['attributes'];
export type PreviewInput = Omit<SeriesResultInput, 'reason'>;

const get = <R>(path: string, query?: ApiQuery) => consoleApi.get<R>(path, query ? { query } : {});
const post = <R>(path: string, attributes?: object) =>
  consoleApi.post<R>(path, attributes ? attributesBody(attributes) : undefined);
const all = <R>(path: string, query: ApiQuery = {}) => allPages<R>(consoleApi, path, query, PAGE_SIZE);

export const stageApi = {
  /** The stage of a segment, or null while it has none (404). */
  async info(segmentId: string): Promise<StageInfo | null> {
    try {
      return (await get<BracketInfoDocument>(`${T}/segments/${segmentId}/bracket/info`)).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  create: (segmentId: string, attributes: CreateStageAttributes) =>
    post<BracketInfoDocument>(`${T}/segments/${segmentId}/bracket`, attributes),
  nextRound: (segmentId: string) => post<unknown>(`${T}/segments/${segmentId}/bracket/rounds`),
  resetRound: (segmentId: string) =>
    post<BracketInfoDocument>(`${T}/segments/${segmentId}/bracket/rounds/reset`),
  /** Advances with the segment's saved advance rules (none: the server's ladder default, or its refusal). */
  advance: async (segmentId: string, rules: AdvanceRule[]) =>
    (
      await post<AdvancementListDocument>(
        `${T}/segments/${segmentId}/advance`,
        rules.length > 0
          ? { rules: rules.map((r) => ({ nextSegmentId: r.nextSegmentId, placements: r.placements })) }
          : {},
      )
    ).data,
  series: (stageId: string) => all<MatchSeriesResource>(`${T}/bracket/${stageId}/match-series`),
  swissRecords: (segmentId: string) =>
    get<SwissRecordListDocument>(`${T}/segments/${segmentId}/swiss-records`, { 'page[size]': 50 }),
  checkins: async (seriesId: string) =>
    (await get<CheckinListDocument>(`${M}/checkins`, { 'filter[matchSeries]': seriesId })).data,
  rosters: (segmentId: string) => all<RosterResource>(`${T}/rosters`, { 'filter[segment]': segmentId }),
  /** A segment's standings: ladder rows, or swiss / bracket rows when it holds a stage (by `type`). */
  standings: async (segmentId: string): Promise<SegmentStandingListDocument['data']> =>
    (
      await get<SegmentStandingListDocument>(`${T}/segments/${segmentId}/standings`, {
        'page[size]': PAGE_SIZE,
        sort: 'placement',
      })
    ).data,
  /**
   * The organizer's result of a series, with a reason (spec §7 match series admin:
   * PATCH /match-series/{id}/relationships/matches/results). The one place the call is made.
   */
  /** What entering this result would reset (later bracket matches, later swiss rounds). */
  previewResult: async (id: string, input: PreviewInput): Promise<ResultPreview> => {
    const { homeStars, awayStars, homeDestruction, awayDestruction, forfeit } = input;
    const attributes = {
      homeStars,
      awayStars,
      ...(homeDestruction !== undefined ? { homeDestruction } : {}),
      ...(awayDestruction !== undefined ? { awayDestruction } : {}),
      ...(forfeit ? { forfeit } : {}),
    };
    const answer = await post<MatchSeriesResultPreviewDocument>(
      `${T}/match-series/${id}/results/preview`,
      attributes,
    );
    return answer.data.attributes;
  },
  recordResult: (seriesId: string, input: SeriesResultInput) =>
    consoleApi.patch<unknown>(
      `${T}/match-series/${seriesId}/relationships/matches/results`,
      attributesBody(input),
    ),
};

/** Catalogue keys of the refusals the stage calls answer (`meta.reason`, else the error code). */
export const KNOWN_REFUSALS = [
  'ALREADY_ADVANCED',
  'BRACKET_EXISTS',
  'BRACKET_MATCH_NOT_READY',
  'BRACKET_RESULT_LOCKED',
  'BRACKET_DRAW',
  'BRACKET_DOUBLE_FORFEIT',
  'BRACKET_SIZE_UNSUPPORTED',
  'BYE',
  'NOT_A_BRACKET_SEGMENT',
  'NOT_ENOUGH_ROSTERS',
  'NOT_SWISS',
  'NO_RANKINGS',
  'NO_ROUND',
  'ROUND_CLOSED',
  'ROUND_HAS_RESULTS',
  'ROUND_NOT_FINISHED',
  'STAGE_NOT_FINISHED',
  'SWISS_STAGE_COMPLETE',
  'SWISS_NO_BYE_CANDIDATE',
  'FORBIDDEN',
  'INSUFFICIENT_ROLE',
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'CONFLICT',
] as const;
export type Refusal = (typeof KNOWN_REFUSALS)[number];

/**
 * What a refusal means for the organizer: the catalogue key (the engine's `meta.reason` first,
 * then the error code) and the server's detail, never the raw document.
 */
export function refusalOf(error: unknown): { key: Refusal | null; detail: string } {
  if (!(error instanceof ApiError)) return { key: null, detail: (error as Error)?.message ?? '' };
  const first = error.errors[0];
  const reason = (first?.meta as { reason?: unknown } | undefined)?.reason;
  const known = (value: unknown): value is Refusal =>
    typeof value === 'string' && (KNOWN_REFUSALS as readonly string[]).includes(value);
  const key = known(reason) ? reason : known(first?.code) ? first.code : null;
  return { key, detail: first?.detail ?? first?.title ?? String(error.status) };
}

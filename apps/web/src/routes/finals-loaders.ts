import { isLocale } from '@cwh/domain';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import {
  fetchBracketInfo,
  fetchStageSeries,
  findCupLevel,
  findWorldFinals,
} from '../features/finals/finals-api';
import {
  assignFinalsDays,
  type CupLevel,
  cupTab,
  defaultCupLevel,
  isCupLevel,
  parseFinalsDay,
} from '../features/finals/finals-model';
import type { CupFinalsView, CupPageData, CupPageView } from '../features/finals/town-hall-cup-page';
import type { WorldFinalsData, WorldFinalsView } from '../features/finals/world-finals-page';
import type { LeaderboardData } from '../features/leaderboard/leaderboard-table';
import { fetchCutLine, fetchOwnStanding, fetchStandings } from '../features/leaderboard/standings-api';
import { localizePath } from '../i18n/locale';
import { readCookie, writeCookie } from '../lib/cookies';
import { type Loadable, settle } from '../lib/loadable';
import { rosterIdOf, sessionReady } from './session-data';

/** The cup level last opened, so `/town-hall-cup` comes back to it (365 days, like the language). */
export const CUP_LEVEL_COOKIE = 'cwh_cup_level';
const CUP_LEVEL_COOKIE_DAYS = 365;

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** The stage of a segment and its series; the stage is null before it is seeded (404). */
async function stageOf(segmentId: string, signal: AbortSignal) {
  const info = await settle(fetchBracketInfo(segmentId, signal));
  if (info.status === 'missing') return { info: null, series: [] };
  if (info.status === 'error') throw info.error;
  return { info: info.value, series: await fetchStageSeries(info.value.id, signal) };
}

async function worldFinals(signal: AbortSignal): Promise<WorldFinalsView | null> {
  const found = await findWorldFinals(signal);
  if (!found) return null;
  const { info, series } = await stageOf(found.segment.id, signal);
  return { ...found, info, series, matches: info ? assignFinalsDays(info, series) : null };
}

/** /world-finals and /world-finals/day-1|2|3 (any other day is a 404). */
export async function worldFinalsLoader({ params, request }: LoaderFunctionArgs): Promise<WorldFinalsData> {
  const day = params.day === undefined ? null : parseFinalsDay(params.day);
  if (params.day !== undefined && day === null) throw notFound();
  return { day, finals: await settle(worldFinals(request.signal)) };
}

/** `/town-hall-cup`: the clan's cup level, else the last one opened, else the highest. */
export async function townHallCupIndexLoader({ params, request }: LoaderFunctionArgs): Promise<Response> {
  const session = await sessionReady();
  // The server renderer (entry-server.tsx) reads the request's cookie.
  const cookies = typeof document === 'undefined' ? (request.headers.get('cookie') ?? '') : undefined;
  const level = defaultCupLevel(
    session.clan?.thLevel ?? session.thLevel,
    readCookie(CUP_LEVEL_COOKIE, cookies),
  );
  const prefix = isLocale(params.locale) ? params.locale : null;
  const { search } = new URL(request.url);
  return redirect(`${localizePath(`/town-hall-cup/${level}`, prefix)}${search}`);
}

function pageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

async function ladderBoard(segmentId: string, page: number, signal: AbortSignal): Promise<LeaderboardData> {
  const rosterId = rosterIdOf(await sessionReady());
  const [standings, own, cut] = await Promise.all([
    settle(fetchStandings(segmentId, page, signal)),
    rosterId ? fetchOwnStanding(segmentId, rosterId, signal).catch(() => null) : null,
    fetchCutLine(segmentId, signal),
  ]);
  return { page, standings, own, cut };
}

async function cupView(
  level: CupLevel,
  asked: string | null,
  request: Request,
): Promise<{ tab: CupPageData['tab']; cup: Loadable<CupPageView | null> }> {
  const { signal } = request;
  const now = new Date();
  const found = await settle(findCupLevel(level, now, signal));
  if (found.status !== 'ready' || !found.value)
    return {
      tab: cupTab(asked, null, now),
      cup: found.status === 'ready' ? { status: 'ready', value: null } : found,
    };
  const { event, ladder, finals } = found.value;
  const tab = cupTab(asked, finals?.attributes.date.from ?? null, now);
  const view: CupPageView = { event, ladder, finals };
  if (tab === 'ladder' && ladder) view.board = await ladderBoard(ladder.id, pageOf(request), signal);
  if (tab === 'finals' && finals) view.finalsStage = await settle<CupFinalsView>(stageOf(finals.id, signal));
  return { tab, cup: { status: 'ready', value: view } };
}

/** /town-hall-cup/{9|12|15}?tab=ladder|finals (other levels are a 404); remembers the level. */
export async function townHallCupLoader({ params, request }: LoaderFunctionArgs): Promise<CupPageData> {
  const level = Number(params.level);
  if (!/^\d+$/.test(params.level ?? '') || !isCupLevel(level)) throw notFound();
  if (typeof document !== 'undefined') writeCookie(CUP_LEVEL_COOKIE, String(level), CUP_LEVEL_COOKIE_DAYS);
  const { tab, cup } = await cupView(level, new URL(request.url).searchParams.get('tab'), request);
  return { level, tab, cup };
}

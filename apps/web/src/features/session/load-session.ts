import type { ClanDocument, GameUserDocument, GameUserMeta } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import {
  GENERIC_ERROR_ROUTE,
  type InitialLoadOutcome,
  initialLoadOutcome,
  refusalReason,
  routeWithReason,
  STANDALONE_COUNTRY,
  STANDALONE_PLATFORM,
  showRegistrationButton,
} from '@cwh/domain';
import { ApiError, api } from '../../lib/api-client';
import { reportError, setErrorContext } from '../../lib/error-reporter';
import { findTeamSegment } from './active-segment';
import { isChineseCountry, resolveCountry } from './country';
import {
  completeParams,
  detectInApp,
  type LaunchParams,
  type PartialLaunchParams,
  requestHostParams,
} from './in-app-bridge';
import { runInitialLoad } from './initial-load';
import { segmentPeriods } from './segment-periods';
import { authApi, authHeaders } from './session-api';
import { getSession, resetSession, type SessionState, updateSession } from './session-store';
import { forgetPlayer, readStoredPlayer, type StoredPlayer, storePlayer } from './standalone-player';
import { cancelTokenRefresh, scheduleTokenRefresh } from './token-refresh';

export interface LoadSessionDeps {
  /** Navigates inside the hub (an app path such as `/fatal-error/unknown`). */
  navigate: (path: string) => void;
  /** Overrides where the launch parameters come from (tests). */
  launchParams?: (inApp: boolean) => Promise<PartialLaunchParams | null>;
  inApp?: boolean;
  now?: () => Date;
}

/** In-app the host answers; standalone the player chosen on the Verify page, platform local, country CA. */
export async function defaultLaunchParams(inApp: boolean): Promise<PartialLaunchParams | null> {
  if (inApp) return requestHostParams();
  const stored = readStoredPlayer();
  if (!stored) return null;
  return { ...stored, platform: STANDALONE_PLATFORM, country: STANDALONE_COUNTRY };
}

/** What the game-user lookup answered, boiled down. */
export interface LookupAnswer {
  status: number;
  code: string | null;
  message: string | null;
  meta: GameUserMeta | null;
  userId: string | null;
  /** 429 RATE_LIMITED (too many wrong API tokens): seconds until the next try is taken. */
  retryAfterSeconds?: number | null;
}

export async function lookupGameUser(
  params: Pick<LaunchParams, 'apiToken' | 'playerTag'>,
): Promise<LookupAnswer> {
  try {
    const document = await api.post<GameUserDocument>(`${API.hub}/game-user`, {
      data: { attributes: { apiToken: params.apiToken, playerTag: params.playerTag } },
    });
    return { status: 200, code: null, message: null, meta: document.meta, userId: document.data.id };
  } catch (error) {
    if (error instanceof ApiError) {
      const first = error.errors[0];
      const retryAfter = (first?.meta as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (error.status === 429) {
        return {
          status: 429,
          code: first?.code ?? null,
          message: first?.detail ?? first?.title ?? null,
          meta: null,
          userId: null,
          retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : null,
        };
      }
      return {
        status: error.status,
        code: first?.code ?? null,
        message: first?.detail ?? first?.title ?? null,
        meta: (first?.meta as GameUserMeta | undefined) ?? null,
        userId: null,
      };
    }
    return {
      status: 0,
      code: null,
      message: error instanceof Error ? error.message : null,
      meta: null,
      userId: null,
    };
  }
}

function metaPatch(meta: GameUserMeta | null): Partial<SessionState> {
  if (!meta) return {};
  return {
    scToken: meta.token ?? null,
    refreshToken: meta.refreshToken ?? null,
    playerTag: meta.playerTag,
    playerName: meta.playerName,
    clan: meta.clan,
    role: meta.role,
    isLeader: meta.isLeader,
    isCoLeader: meta.isCoLeader,
    thLevel: meta.thLevel,
    middlewareRosterId: meta.rosterId,
  };
}

/**
 * GET /clan?includeAll=true: members and roster; derives captaincy, the player's registration and
 * the Registration button (spec 2). Errors propagate to the caller.
 */
export async function refreshClan(signal?: AbortSignal): Promise<SessionState> {
  const document = await authApi.get<ClanDocument>(`${API.clan}/clan`, {
    query: { includeAll: 'true' },
    ...(signal ? { signal } : {}),
  });
  const attributes = document.data.attributes;
  const session = getSession();
  const me = attributes.items.find((member) => member.tag === attributes.playerTag);
  const rosterMember = attributes.roster?.members.find((member) => member.tag === attributes.playerTag);
  const isRegistered = session.hasAccount && (rosterMember ? rosterMember.registered : session.hasAccount);
  return updateSession({
    clan: attributes.clan,
    clanMembers: attributes.items,
    roster: attributes.roster,
    role: attributes.role,
    isLeader: attributes.isLeader,
    isCoLeader: attributes.isCoLeader,
    isCaptain: attributes.isCaptain,
    middlewareRosterId: attributes.roster?.id ?? session.middlewareRosterId,
    isRegistered,
    showRegistrationButton:
      !session.notInvited &&
      !session.clanDidNotCreateRoster &&
      showRegistrationButton({
        isRegistered,
        isLeader: attributes.isLeader,
        isRosterMember: me?.isRosterMember ?? Boolean(rosterMember),
      }),
  });
}

async function loadTeamSegment(now: Date): Promise<void> {
  const { clan, roster } = getSession();
  if (!clan) return;
  try {
    const found = await findTeamSegment(clan.thLevel, roster?.segmentId ?? null, now);
    updateSession({
      activeSegmentId: found?.segment.id ?? null,
      activeEventId: found?.event.id ?? null,
      periods: {
        ...getSession().periods,
        ...segmentPeriods(found?.segment, now),
        registrationClosed: (roster?.registrationStatus ?? found?.registration) === 'after',
      },
    });
  } catch (error) {
    console.warn('[session] could not pick the active segment', error);
  }
}

/** Applies the lookup's outcome (spec 8 "Initial load") to the session; returns the outcome. */
export async function applyLookup(
  answer: LookupAnswer,
  deps: Pick<LoadSessionDeps, 'navigate' | 'now'>,
): Promise<InitialLoadOutcome> {
  const now = deps.now ?? (() => new Date());
  const outcome = initialLoadOutcome(answer.status, answer.code, answer.meta?.clanRosterId, answer.message);
  switch (outcome.kind) {
    case 'registered':
    case 'notRegistered':
      updateSession({
        ...metaPatch(answer.meta),
        status: 'signedIn',
        userId: answer.userId,
        hasAccount: outcome.kind === 'registered',
      });
      break;
    case 'thNotHighEnough':
      updateSession({ ...metaPatch(answer.meta), status: 'signedIn', thNotHighEnough: true });
      break;
    case 'notInvited':
      updateSession({
        ...metaPatch(answer.meta),
        status: 'signedIn',
        notInvited: true,
        middlewareRosterId: outcome.clanRosterId,
      });
      break;
    case 'clanDidNotCreateRoster':
      updateSession({ ...metaPatch(answer.meta), status: 'signedIn', clanDidNotCreateRoster: true });
      break;
    case 'logOnly':
      console.warn(`[session] game-user lookup: ${answer.code}`, answer.message);
      updateSession({ ...metaPatch(answer.meta), status: 'limited', limitedReason: answer.code });
      return outcome;
    case 'fatal':
      // A suspended account is told so in its language, not shown a critical error (issue 31).
      if (isSuspendedAnswer(answer)) {
        deps.navigate(routeWithReason(GENERIC_ERROR_ROUTE, 'ACCOUNT_SUSPENDED'));
        return outcome;
      }
      if (outcome.logRemotely) {
        void reportError(new Error(`game-user lookup ${answer.status}: ${outcome.message}`), {
          code: answer.code,
        });
      }
      deps.navigate(outcome.route);
      return outcome;
  }
  const session = getSession();
  setErrorContext({ userId: session.userId, playerTag: session.playerTag, country: session.country });
  scheduleTokenRefresh();
  // Spec 7: the clan lookup is skipped on NO_CLAN, INSUFFICIENT_TH_LEVEL and PLAYER_BANNED.
  if (!session.thNotHighEnough && session.clan) {
    try {
      await refreshClan();
    } catch (error) {
      console.warn('[session] clan lookup failed', error);
    }
    await loadTeamSegment(now());
  }
  return outcome;
}

/** The initial-load task: launch parameters, game-user lookup, session. Missing parameters stop it. */
export async function loadSession(deps: LoadSessionDeps): Promise<InitialLoadOutcome | null> {
  const inApp = deps.inApp ?? detectInApp(window.location.search, navigator.userAgent);
  cancelTokenRefresh();
  resetSession({ inApp });
  const raw = await (deps.launchParams ?? defaultLaunchParams)(inApp);
  const params = completeParams(raw);
  if (!params) return null;
  const region = await resolveCountry();
  updateSession({
    apiToken: params.apiToken,
    platform: params.platform,
    country: params.country,
    playerTag: params.playerTag,
    region,
    isChinese: isChineseCountry(params.country, region) || chinaOverride(),
  });
  const answer = await lookupGameUser(params);
  if (!inApp && answer.status === 400) forgetPlayer();
  return applyLookup(answer, deps);
}

/** `?region=china` (kept for the tab) shows the Chinese-region texts, for demos and support. */
function chinaOverride(): boolean {
  try {
    const flag = new URLSearchParams(window.location.search).get('region');
    if (flag) sessionStorage.setItem('cwh.region', flag.toLowerCase());
    const value = flag?.toLowerCase() ?? sessionStorage.getItem('cwh.region');
    return value === 'china' || value === 'cn';
  } catch {
    return false;
  }
}

let lastDeps: LoadSessionDeps | null = null;

/** Runs the initial load through `runInitialLoad` (pending → done) and remembers how, for re-runs. */
export function startSession(deps: LoadSessionDeps): Promise<void> {
  lastDeps = deps;
  return runInitialLoad(async () => {
    await loadSession(deps);
  });
}

/** Why a standalone sign-in did not take place; null when the lookup answered for the player. */
export type SignInProblem = 'invalid' | 'unknown' | 'failed' | 'tooMany' | 'suspended';

/** The lookup refused a suspended account (401 with meta.reason ACCOUNT_SUSPENDED). */
export function isSuspendedAnswer(answer: Pick<LookupAnswer, 'status' | 'code' | 'meta'>): boolean {
  const meta = answer.meta as Record<string, unknown> | null;
  return answer.status === 401 && refusalReason({ code: answer.code, meta }) === 'ACCOUNT_SUSPENDED';
}

export function signInProblem(answer: LookupAnswer): SignInProblem | null {
  if (isSuspendedAnswer(answer)) return 'suspended';
  if (answer.status === 400) return answer.code === 'UNKNOWN_PLAYER' ? 'unknown' : 'invalid';
  if (answer.status === 429) return 'tooMany';
  if (answer.status === 0 || answer.status >= 500) return 'failed';
  return null;
}

/**
 * Standalone sign-in from the Verify page: checks the player first so a wrong tag or token, too many
 * wrong tries (429) or an unreachable game stays on the page, storing nothing; on any other answer
 * keeps the player and loads the session.
 */
export async function signIn(player: StoredPlayer): Promise<LookupAnswer> {
  const answer = await lookupGameUser(player);
  if (signInProblem(answer)) return answer;
  storePlayer(player);
  if (lastDeps) await startSession({ ...lastDeps, inApp: false });
  return answer;
}

/**
 * The player created their hub account in this visit (registration): the session has a hub user
 * from now on. Its player token already carries it (the server links the tokens to the new user).
 */
export function adoptHubUser(userId: string): void {
  updateSession({ hasAccount: true, userId });
  setErrorContext({ userId, playerTag: getSession().playerTag, country: getSession().country });
}

/**
 * The player signs out: this device forgets them at once, and the server ends the session's tokens
 * (POST /logout), so a copied token stops working too. A refused or failed call (expired token,
 * offline) changes nothing for the person: they are signed out here either way.
 */
export function signOut(): Promise<void> {
  const headers = authHeaders();
  forgetPlayer();
  cancelTokenRefresh();
  resetSession();
  if (!headers.authorization) return Promise.resolve();
  return api.post(`${API.users}/logout`, undefined, { headers }).then(
    () => undefined,
    () => undefined,
  );
}

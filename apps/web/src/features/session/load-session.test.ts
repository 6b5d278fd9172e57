import type { ClanMemberValue, GameUserMeta } from '@cwh/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLookup, type LookupAnswer, loadSession, refreshClan } from './load-session';
import { getSession, resetSession, updateSession } from './session-store';
import { cancelTokenRefresh } from './token-refresh';

const META: GameUserMeta = {
  token: { value: 'player-token', expires: '2099-01-01T00:00:00Z' },
  refreshToken: { value: 'refresh-token', expires: '2099-02-01T00:00:00Z' },
  playerTag: '#LQ2Y000',
  playerName: 'Marcus Stone',
  clan: { tag: '#2Y0PQ9LC', name: 'Atlanta Titans', thLevel: 17 },
  role: 'leader',
  isLeader: true,
  isCoLeader: false,
  thLevel: 17,
  rosterId: 'roster-1',
};

function answer(
  status: number,
  code: string | null,
  meta: Partial<GameUserMeta> | null = META,
): LookupAnswer {
  return {
    status,
    code,
    message: code ? `${code} detail` : null,
    meta: meta as GameUserMeta,
    userId: status === 200 ? 'u1' : null,
  };
}

function clanItem(tag: string, patch: Partial<ClanMemberValue> = {}): ClanMemberValue {
  return {
    tag,
    name: tag,
    role: 'member',
    townHallLevel: 17,
    userId: null,
    isRosterMember: false,
    rosterPosition: null,
    registrationStatus: null,
    ...patch,
  };
}

let clanItems: ClanMemberValue[] = [];
let rosterMembers: { tag: string; registered: boolean }[] | null = null;
const navigate = vi.fn();

beforeEach(() => {
  resetSession();
  navigate.mockReset();
  clanItems = [];
  rosterMembers = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/api/clan/1.0/clan')) {
        const me = getSession().playerTag ?? '';
        const body = {
          data: {
            id: '#2Y0PQ9LC',
            type: 'clans',
            attributes: {
              clan: META.clan,
              playerTag: me,
              role: getSession().role ?? 'member',
              isLeader: getSession().isLeader,
              isCoLeader: false,
              isCaptain: false,
              items: clanItems,
              roster: rosterMembers
                ? {
                    id: 'roster-1',
                    segmentId: 's1',
                    registrationStatus: 'open',
                    members: rosterMembers.map((m) => ({
                      ...m,
                      registrationStatus: m.registered ? 'ready' : 'needsToRegister',
                    })),
                  }
                : null,
            },
          },
        };
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response(null, { status: 503 });
    }),
  );
});
afterEach(() => {
  cancelTokenRefresh();
  vi.unstubAllGlobals();
});

describe('initial load outcomes (spec 8)', () => {
  it('200: registered, token stored', async () => {
    expect((await applyLookup(answer(200, null), { navigate })).kind).toBe('registered');
    expect(getSession()).toMatchObject({
      status: 'signedIn',
      hasAccount: true,
      userId: 'u1',
      isLeader: true,
    });
    expect(getSession().scToken?.value).toBe('player-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('404: not registered, keeps leader, role, clan, TH level, token and the middleware roster id', async () => {
    expect((await applyLookup(answer(404, 'NOT_REGISTERED'), { navigate })).kind).toBe('notRegistered');
    expect(getSession()).toMatchObject({
      status: 'signedIn',
      hasAccount: false,
      isLeader: true,
      role: 'leader',
      thLevel: 17,
      middlewareRosterId: 'roster-1',
      clan: META.clan,
    });
    expect(getSession().scToken?.value).toBe('player-token');
  });

  it('401 INSUFFICIENT_TH_LEVEL: the town-hall-not-high-enough flag, no clan lookup', async () => {
    await applyLookup(answer(401, 'INSUFFICIENT_TH_LEVEL'), { navigate });
    expect(getSession().thNotHighEnough).toBe(true);
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/clan/1.0/clan'))).toBe(false);
  });

  it('401 NOT_INVITED / INSUFFICIENT_ROLE with a roster id: not invited, roster id stored', async () => {
    for (const code of ['NOT_INVITED', 'INSUFFICIENT_ROLE']) {
      resetSession();
      await applyLookup(answer(401, code, { ...META, clanRosterId: 'r9' }), { navigate });
      expect(getSession()).toMatchObject({
        notInvited: true,
        middlewareRosterId: 'r9',
        clanDidNotCreateRoster: false,
      });
      expect(getSession().clan?.tag).toBe('#2Y0PQ9LC');
    }
  });

  it('401 NOT_INVITED with a null roster id: the clan did not create a roster', async () => {
    await applyLookup(answer(401, 'INSUFFICIENT_ROLE', { ...META, clanRosterId: null }), { navigate });
    expect(getSession()).toMatchObject({ clanDidNotCreateRoster: true, notInvited: false });
  });

  it('401 NO_CLAN / PLAYER_BANNED: console only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await applyLookup(answer(401, 'NO_CLAN', { ...META, clan: null }), { navigate });
    expect(getSession()).toMatchObject({ status: 'limited', limitedReason: 'NO_CLAN' });
    expect(warn).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('other 401: remote log, then /fatal-error/{message}', async () => {
    await applyLookup(
      { status: 401, code: 'UNAUTHENTICATED', message: 'Token expired', meta: null, userId: null },
      { navigate },
    );
    expect(navigate).toHaveBeenCalledWith('/fatal-error/Token%20expired');
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/api/log/1.0/log'))).toBe(true);
  });

  it("other statuses: /fatal-error/{message}, 'unknown' without one", async () => {
    await applyLookup(
      { status: 500, code: 'INTERNAL', message: null, meta: null, userId: null },
      { navigate },
    );
    expect(navigate).toHaveBeenCalledWith('/fatal-error/unknown');
  });

  it('missing launch parameters stop the load without registering', async () => {
    const result = await loadSession({
      navigate,
      inApp: false,
      launchParams: async () => ({ apiToken: 't', playerTag: '#A', platform: 'local' }),
    });
    expect(result).toBeNull();
    expect(getSession().status).toBe('signedOut');
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/game-user'))).toBe(false);
  });
});

describe('Registration button (spec 2)', () => {
  it('non-leaders see it while not registered', async () => {
    updateSession({
      playerTag: '#M',
      scToken: META.token,
      hasAccount: false,
      isLeader: false,
      role: 'member',
    });
    clanItems = [clanItem('#M', { isRosterMember: true })];
    rosterMembers = [{ tag: '#M', registered: false }];
    expect((await refreshClan()).showRegistrationButton).toBe(true);
  });

  it('a leader sees it only when picked for the roster', async () => {
    updateSession({
      playerTag: '#L',
      scToken: META.token,
      hasAccount: false,
      isLeader: true,
      role: 'leader',
    });
    clanItems = [clanItem('#L', { role: 'leader', isRosterMember: false })];
    expect((await refreshClan()).showRegistrationButton).toBe(false);
    clanItems = [clanItem('#L', { role: 'leader', isRosterMember: true })];
    rosterMembers = [{ tag: '#L', registered: false }];
    expect((await refreshClan()).showRegistrationButton).toBe(true);
  });

  it('nobody sees it once registered', async () => {
    updateSession({
      playerTag: '#M',
      scToken: META.token,
      hasAccount: true,
      isLeader: false,
      role: 'member',
    });
    clanItems = [clanItem('#M', { isRosterMember: true })];
    rosterMembers = [{ tag: '#M', registered: true }];
    const session = await refreshClan();
    expect(session.isRegistered).toBe(true);
    expect(session.showRegistrationButton).toBe(false);
  });
});

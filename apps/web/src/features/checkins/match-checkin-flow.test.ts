import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { type MatchCheckInDeps, type MatchCheckInRequest, runMatchCheckIn } from './match-checkin-flow';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const MATCH = '2026-03-01T12:03:00Z';
const FIVE = ['#CAP', '#A', '#B', '#C', '#D'];

function setup(overrides: Partial<MatchCheckInDeps> = {}) {
  let loading = false;
  const setLoading = vi.fn((value: boolean) => {
    loading = value;
  });
  const deps = {
    fetchSeries: vi.fn(async () => ({ date: MATCH })),
    fetchCheckInUserIds: vi.fn(async () => [] as string[]),
    matchCheckIn: vi.fn(async (matchSeriesId: string) => ({
      matchSeriesId,
      link: '/simulator/war/w1',
      alreadyCheckedIn: false,
    })),
    checkClan: vi.fn(async () => undefined),
    createWarLink: vi.fn(async () => '/simulator/war/w1'),
    saveSelectedPlayers: vi.fn(async () => undefined),
    checkSelectedPlayers: vi.fn(async () => undefined),
    openLink: vi.fn(),
    navigate: vi.fn(),
    report: vi.fn(),
    setLoading,
    isLoading: () => loading,
    onMissed: vi.fn(),
    now: () => NOW,
    ...overrides,
  } satisfies MatchCheckInDeps;
  return { ...deps, setLoading };
}

const request = (patch: Partial<MatchCheckInRequest> = {}): MatchCheckInRequest => ({
  seriesId: 'ms1',
  userId: 'u1',
  clanTag: '#CLAN',
  mode: 'final',
  playerTags: FIVE,
  isChinese: false,
  ...patch,
});

const apiError = (status: number, code?: string, detail?: string) =>
  new ApiError(
    status,
    'POST',
    '/api/war/1.0/match-check-in',
    [{ status: String(status), title: 'x', code: code ?? '', ...(detail ? { detail } : {}) }],
    null,
  );

describe('match check-in flow (START WAR)', () => {
  it('checks the clan, checks in and opens the returned deep link; loading is set then cleared', async () => {
    const deps = setup();
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({
      kind: 'opened',
      link: '/simulator/war/w1',
    });
    expect(deps.checkClan).toHaveBeenCalledTimes(1);
    expect(deps.saveSelectedPlayers).not.toHaveBeenCalled();
    // A monthly final sends no player tags.
    expect(deps.matchCheckIn).toHaveBeenCalledWith('ms1', undefined);
    expect(deps.openLink).toHaveBeenCalledWith('/simulator/war/w1');
    expect(deps.setLoading.mock.calls).toEqual([[true], [false]]);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('sends the five tags in a monthly qualifier', async () => {
    const deps = setup();
    await runMatchCheckIn(request({ mode: 'qualifier' }), deps);
    expect(deps.matchCheckIn).toHaveBeenCalledWith('ms1', FIVE);
  });

  it('other stages save and verify the five first, then check in without tags', async () => {
    const deps = setup();
    await runMatchCheckIn(request({ mode: 'selectFive' }), deps);
    expect(deps.saveSelectedPlayers).toHaveBeenCalledWith('#CLAN', FIVE);
    expect(deps.checkSelectedPlayers).toHaveBeenCalledTimes(1);
    expect(deps.checkClan).not.toHaveBeenCalled();
    expect(deps.matchCheckIn).toHaveBeenCalledWith('ms1', undefined);
  });

  it('is one at a time: a second tap while the first runs is ignored', async () => {
    let release: (value: { date: string }) => void = () => {};
    const deps = setup({ fetchSeries: vi.fn(() => new Promise<{ date: string }>((r) => (release = r))) });
    const first = runMatchCheckIn(request(), deps);
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({ kind: 'ignored' });
    release({ date: MATCH });
    await expect(first).resolves.toMatchObject({ kind: 'opened' });
    expect(deps.matchCheckIn).toHaveBeenCalledTimes(1);
    expect(deps.isLoading()).toBe(false);
  });

  it('stops quietly when the user is already among the check-ins and the opponent is not', async () => {
    const deps = setup({ fetchCheckInUserIds: vi.fn(async () => ['u1']) });
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({ kind: 'alreadyCheckedIn' });
    expect(deps.matchCheckIn).not.toHaveBeenCalled();
    expect(deps.createWarLink).not.toHaveBeenCalled();
    expect(deps.openLink).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.isLoading()).toBe(false);
  });

  it('already checked in and the opponent too: no second check-in, the war link opens', async () => {
    const deps = setup({ fetchCheckInUserIds: vi.fn(async () => ['u1', 'u2']) });
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({
      kind: 'opened',
      link: '/simulator/war/w1',
    });
    expect(deps.matchCheckIn).not.toHaveBeenCalled();
    // The war exists by then, so the clan counts as in a war: no clan check before opening it.
    expect(deps.checkClan).not.toHaveBeenCalled();
    expect(deps.createWarLink).toHaveBeenCalledWith('ms1');
    expect(deps.openLink).toHaveBeenCalledWith('/simulator/war/w1');
  });

  it('stops quietly when the war service says the side had already checked in', async () => {
    const deps = setup({
      matchCheckIn: vi.fn(async () => ({ matchSeriesId: 'ms1', link: '/x', alreadyCheckedIn: true })),
    });
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({ kind: 'alreadyCheckedIn' });
    expect(deps.openLink).not.toHaveBeenCalled();
  });

  it('a check-in without a link opens nothing', async () => {
    const deps = setup({
      matchCheckIn: vi.fn(async () => ({ matchSeriesId: 'ms1', link: null, alreadyCheckedIn: false })),
    });
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({ kind: 'checkedIn' });
    expect(deps.openLink).not.toHaveBeenCalled();
  });

  it('after the match time: no check-in, error recorded, /error/8 and the missed notice', async () => {
    const deps = setup({ now: () => Date.parse(MATCH) + 1 });
    await expect(runMatchCheckIn(request(), deps)).resolves.toEqual({
      kind: 'failed',
      route: '/error/8',
      missed: true,
    });
    expect(deps.fetchCheckInUserIds).not.toHaveBeenCalled();
    expect(deps.matchCheckIn).not.toHaveBeenCalled();
    expect(deps.report).toHaveBeenCalledTimes(1);
    expect(deps.onMissed).toHaveBeenCalledWith('ms1');
    expect(deps.navigate).toHaveBeenCalledWith('/error/8');
    expect(deps.isLoading()).toBe(false);
  });

  it("the server's passed-match-time refusal (code 8 / its message) also goes to /error/8", async () => {
    for (const error of [
      apiError(409, 'MATCH_TIME_PASSED', "No checkin done as it's passed match time"),
      apiError(400, '8'),
      apiError(400, undefined, "No checkin done as it's passed match time"),
    ]) {
      const deps = setup({ matchCheckIn: vi.fn(async () => Promise.reject(error)) });
      await expect(runMatchCheckIn(request(), deps)).resolves.toMatchObject({
        route: '/error/8',
        missed: true,
      });
      expect(deps.onMissed).toHaveBeenCalledWith('ms1');
    }
  });

  it.each([
    ['403 without a mapped code, China', apiError(403), true, '/error/21'],
    ['403 without a mapped code', apiError(403), false, '/error/22'],
    ['anything else, China', apiError(500), true, '/error/12'],
    ['anything else', apiError(502), false, '/error/13'],
    ['a network failure', new TypeError('fetch failed'), false, '/error/13'],
    ['a mapped code: clan in war', apiError(400, 'CLAN_IS_IN_WAR'), false, '/error/18'],
    ['a mapped code: opponent in war', apiError(400, 'OPPONENT_IS_IN_WAR'), false, '/error/19'],
    ['a mapped code: not the captain', apiError(403, 'NOT_ROSTER_OWNER'), false, '/error/9'],
    ['a mapped code: not the captain, China', apiError(403, 'NOT_ROSTER_OWNER'), true, '/error/10'],
  ])('a failed check-in routes per spec 8: %s', async (_name, error, isChinese, route) => {
    const deps = setup({ matchCheckIn: vi.fn(async () => Promise.reject(error)) });
    await expect(runMatchCheckIn(request({ isChinese }), deps)).resolves.toEqual({
      kind: 'failed',
      route,
      missed: false,
    });
    // A refusal that names its reason (issue 31) carries it to the page as ?reason=.
    const reason =
      error instanceof ApiError && error.code === 'NOT_ROSTER_OWNER' ? '?reason=NOT_ROSTER_OWNER' : '';
    expect(deps.navigate).toHaveBeenCalledWith(`${route}${reason}`);
    expect(deps.report).toHaveBeenCalledWith(error);
    expect(deps.onMissed).not.toHaveBeenCalled();
    expect(deps.isLoading()).toBe(false);
  });

  it('saving the selected players fails: /error/27; verifying them fails: the mapped route', async () => {
    const save = setup({
      saveSelectedPlayers: vi.fn(async () => Promise.reject(apiError(400, 'WRONG_MEMBER'))),
    });
    await expect(runMatchCheckIn(request({ mode: 'selectFive' }), save)).resolves.toMatchObject({
      route: '/error/27',
    });
    expect(save.checkSelectedPlayers).not.toHaveBeenCalled();
    const verify = setup({
      checkSelectedPlayers: vi.fn(async () => Promise.reject(apiError(400, 'MEMBERS_MISSING'))),
    });
    // Before a check-in, missing members is "Missing one or more team members" (15, China 16).
    await expect(runMatchCheckIn(request({ mode: 'selectFive' }), verify)).resolves.toMatchObject({
      route: '/error/15',
    });
    expect(verify.matchCheckIn).not.toHaveBeenCalled();
  });

  it('a clan check that fails without a mapped route goes to 12 (China) or 13', async () => {
    const china = setup({ checkClan: vi.fn(async () => Promise.reject(apiError(400, 'SOMETHING'))) });
    await expect(runMatchCheckIn(request({ isChinese: true }), china)).resolves.toMatchObject({
      route: '/error/12',
    });
    const other = setup({ checkClan: vi.fn(async () => Promise.reject(apiError(400, 'SOMETHING'))) });
    await expect(runMatchCheckIn(request(), other)).resolves.toMatchObject({ route: '/error/13' });
    expect(other.matchCheckIn).not.toHaveBeenCalled();
  });
});

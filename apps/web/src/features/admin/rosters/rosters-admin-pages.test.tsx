import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { CheckinReviewPage } from './checkin-review-page';
import { RostersPage } from './rosters-page';

const range = { from: '2026-03-01T00:00:00Z', to: '2026-03-31T00:00:00Z' };
const segment = (id: string, name: string, level: number) => ({
  id,
  type: 'segments',
  attributes: { name, level, eliminationType: level ? 'swiss' : 'ladder', date: range },
});
const roster = (overrides: Record<string, unknown> = {}) => ({
  id: 'r1',
  type: 'admin-rosters',
  attributes: {
    name: 'Sim Clan 1',
    clanTag: '#QQ1',
    owner: { id: 'u1', username: 'captain1', email: 'captain1@test' },
    segment: { id: 'th17', name: 'TH17' },
    event: { id: 'e1' },
    createdAt: '2026-03-01T00:00:00Z',
    confirmed_at: '2026-03-02T00:00:00Z',
    locked: true,
    withdrawnAt: null,
    checkedIn: false,
    hasPlayed: false,
    members: [
      { tag: '#P1', name: 'Chief', position: 'captain', thLevel: 17, registrationStatus: 'ready' },
      { tag: '#P2', name: 'Newbie', position: 'player', thLevel: 17, registrationStatus: 'needsToRegister' },
    ],
    ...overrides,
  },
});
const review = (checkedIn: boolean) => ({
  segment: { id: 'mq', name: 'Monthly Qualifier', checkins: { enabled: true, openWindow: range } },
  windowOpen: true,
  stageCreated: false,
  rosters: [
    { id: 'r1', name: 'Sim Clan 1', clanTag: '#QQ1', checkedIn: true },
    { id: 'r2', name: 'Sim Clan 2', clanTag: '#QQ2', checkedIn },
  ],
  series: [],
});

describe('organizer console: rosters and check-in review pages', () => {
  let readmitted = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    const one = (data: unknown) => json({ data });
    if (url.includes('/events/e1/segments'))
      return json({
        data: [segment('th17', 'TH17', 0), segment('sandbox', 'Sandbox', 0), segment('mq', 'MQ', 1)],
      });
    if (url.includes('/tournaments/1.0/events'))
      return json({ data: [{ id: 'e1', type: 'events', attributes: { name: 'Season 2026' } }] });
    if (method === 'GET' && url.includes('/admin/rosters'))
      return json({ data: [roster()], meta: { page: { number: 1, size: 50, total: 1, totalPages: 1 } } });
    if (url.endsWith('/admin/rosters/r1/unlock')) return one(roster({ locked: false, confirmed_at: null }));
    if (url.endsWith('/admin/rosters/r1/withdraw'))
      return one(roster({ withdrawnAt: '2026-03-15T12:00:00Z', members: [] }));
    if (url.endsWith('/admin/rosters/r1/relationships/segment'))
      return one(roster({ segment: { id: 'sandbox', name: 'Sandbox' } }));
    if (url.endsWith('/checkin-review/readmit')) {
      readmitted = true;
      return one({ id: 'mq', type: 'checkin-reviews', attributes: review(true) });
    }
    if (url.includes('/checkin-review'))
      return one({ id: 'mq', type: 'checkin-reviews', attributes: review(readmitted) });
    if (url.includes('/seeding'))
      return one({
        id: 'mq',
        type: 'seedings',
        attributes: { segment: { id: 'mq', name: 'MQ', eliminationType: 'swiss' }, stage: null, seeds: [] },
      });
    return json({ errors: [] }, 404);
  });
  beforeEach(async () => {
    readmitted = false;
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });
  const shown = (ui: React.ReactElement) => render(<I18nextProvider i18n={initI18n()}>{ui}</I18nextProvider>);
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url: String(url), body: init?.body }));

  it('searches, shows members with their registration status, unlocks, moves and withdraws a roster', async () => {
    shown(<RostersPage />);
    await screen.findByRole('option', { name: 'Season 2026' });
    await screen.findByRole('option', { name: 'Sandbox' });
    changeField(screen.getByLabelText('Search'), { target: { value: 'QQ1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByTestId('admin-roster');
    const search = calls('GET').find((c) => c.url.includes('/admin/rosters'))!.url;
    expect(search).toContain('filter%5Bevent%5D=e1');
    expect(search).toContain('filter%5Bsearch%5D=QQ1');
    expect(
      within(card)
        .getAllByTestId('member-status')
        .map((c) => c.textContent),
    ).toEqual(['Ready', 'Needs to register']);
    fireEvent.click(within(card).getByRole('button', { name: 'Unlock' }));
    await within(card).findByRole('button', { name: 'Lock' });
    expect(within(card).queryByText('Not locked')).not.toBeNull();
    changeField(within(card).getByLabelText('Move Sim Clan 1 to'), { target: { value: 'sandbox' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Move' }));
    await within(card).findByText('Segment: Sandbox', { exact: false });
    expect(JSON.parse(String(calls('PATCH')[0]!.body))).toEqual({
      data: { type: 'segments', id: 'sandbox' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, withdraw' }));
    await within(card).findByText('Withdrawn');
    expect(within(card).queryByRole('button', { name: 'Lock' })).toBeNull();
  });

  it('reviews a stage: re-admits a missing team, which then shows as checked in', async () => {
    shown(
      <MemoryRouter initialEntries={['/admin/checkins']}>
        <CheckinReviewPage />
      </MemoryRouter>,
    );
    await screen.findByRole('option', { name: 'MQ' });
    changeField(screen.getByLabelText('Stage'), { target: { value: 'mq' } });
    const missing = await screen.findByTestId('checkin-missing');
    expect(within(missing).queryByText('Sim Clan 2')).not.toBeNull();
    expect(screen.getByTestId('window-state').textContent).toBe('Open');
    expect(screen.getByTestId('continue-without').textContent).toContain('(1)');
    fireEvent.click(within(missing).getByRole('button', { name: 'Re-admit' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('checkin-done')).queryByText('Sim Clan 2')).not.toBeNull(),
    );
    const post = calls('POST').find((c) => c.url.endsWith('/readmit'))!;
    expect(JSON.parse(String(post.body)).data.attributes).toEqual({ rosterId: 'r2' });
    expect(screen.queryByTestId('continue-without')).toBeNull();
    const link = screen.getByRole('link', { name: /Open this stage's page/ });
    expect(link.getAttribute('href')).toBe('/admin/stages/e1/mq');
  });

  it('opens the stage given in the address (the Stages page links here)', async () => {
    shown(
      <MemoryRouter initialEntries={['/admin/checkins?event=e1&segment=mq']}>
        <CheckinReviewPage />
      </MemoryRouter>,
    );
    const missing = await screen.findByTestId('checkin-missing');
    expect(within(missing).queryByText('Sim Clan 2')).not.toBeNull();
    await screen.findByRole('option', { name: 'MQ' });
    expect((screen.getByRole('combobox', { name: 'Stage' }) as HTMLSelectElement).value).toBe('mq');
  });
});

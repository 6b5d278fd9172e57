import type { ActivityLogResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';

const admin = vi.hoisted(() => ({ activity: vi.fn(), users: vi.fn() }));
vi.mock('../console/admin-api', () => ({ adminApi: admin }));
const { ActivityLogPage, dayBoundary } = await import('./activity-log-page');

const entry = (over: Partial<ActivityLogResource['attributes']> = {}): ActivityLogResource => ({
  id: 'a-1',
  type: 'activity-logs',
  attributes: {
    action: 'match-series.results.correct',
    targetType: 'match-series',
    targetId: 's-1',
    eventId: null,
    ipAddress: '10.0.0.1',
    createdAt: '2026-12-01T18:30:00Z',
    before: { state: 'finished', competitors: [{ score: 9 }, { score: 4 }] },
    after: { state: 'finished', competitors: [{ score: 2 }, { score: 9 }], reason: 'wrong side' },
    userAlias: 'Olivia Organizer',
    ...over,
  },
  relationships: { user: { data: { type: 'users', id: 'u-1' } } },
});

function renderPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ActivityLogPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

beforeAll(() => {
  initI18n();
});
beforeEach(() => {
  admin.activity.mockReset().mockResolvedValue({ data: [entry()] });
  admin.users.mockReset();
});

describe('the activity log page (issue #31)', () => {
  it('shows who, what, when, on which object, and the change as a before/after list, not JSON', async () => {
    renderPage();
    const row = await screen.findByTestId('activity-entry');
    expect(within(row).getByTestId('activity-user').textContent).toBe('Olivia Organizer');
    expect(row.textContent).toContain('match-series.results.correct');
    expect(row.textContent).not.toContain('{');
    expect(within(row).getByRole('time').getAttribute('datetime')).toBe('2026-12-01T18:30:00Z');
    const changes = within(row)
      .getAllByTestId('activity-change-row')
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(changes).toEqual([
      ['competitors.0.score', '9', '2'],
      ['competitors.1.score', '4', '9'],
      ['reason', '—', 'wrong side'],
    ]);
  });

  it('filters by actor (found by name), action, object type and days', async () => {
    renderPage();
    await screen.findByTestId('activity-entry');
    admin.users.mockResolvedValue({ data: [{ id: 'u-9' }] });
    changeField(screen.getByTestId('activity-actor'), { target: { value: 'olivia' } });
    changeField(screen.getByTestId('activity-action'), { target: { value: 'match-series.results.correct' } });
    changeField(screen.getByTestId('activity-type'), { target: { value: 'match-series' } });
    changeField(screen.getByTestId('activity-from'), { target: { value: '2026-12-01' } });
    changeField(screen.getByTestId('activity-to'), { target: { value: '2026-12-02' } });
    fireEvent.click(screen.getByTestId('activity-filter'));
    await waitFor(() =>
      expect(admin.activity).toHaveBeenLastCalledWith({
        'filter[action]': 'match-series.results.correct',
        'filter[target]': 'match-series:',
        'filter[user]': 'u-9',
        'filter[date.from]': dayBoundary('2026-12-01', false),
        'filter[date.to]': dayBoundary('2026-12-02', true),
        'page[size]': 100,
      }),
    );
    expect(admin.users).toHaveBeenCalledWith('olivia', 1);
  });

  it('an actor nobody matches says so and lists nothing', async () => {
    renderPage();
    await screen.findByTestId('activity-entry');
    admin.users.mockResolvedValue({ data: [] });
    changeField(screen.getByTestId('activity-actor'), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByTestId('activity-filter'));
    expect((await screen.findByRole('alert')).textContent).toContain('No user found for “ghost”.');
    expect(screen.queryByTestId('activity-entry')).toBeNull();
  });

  it('a day filter covers the whole local day', () => {
    const from = new Date(dayBoundary('2026-03-05', false)!);
    const to = new Date(dayBoundary('2026-03-05', true)!);
    expect([from.getDate(), from.getHours(), to.getDate(), to.getHours(), to.getMinutes()]).toEqual([
      5, 0, 5, 23, 59,
    ]);
    expect(dayBoundary('', false)).toBeUndefined();
  });
});

import type { AdminMatchSeriesResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { changeField } from '../../../test-fields';
import { seriesQuery } from './match-series-admin-api';

const api = vi.hoisted(() => ({
  list: vi.fn(),
  deleted: vi.fn(),
  reset: vi.fn(),
  remove: vi.fn(),
  restore: vi.fn(),
  update: vi.fn(),
  disqualify: vi.fn(),
}));
const admin = vi.hoisted(() => ({ events: vi.fn(), segments: vi.fn() }));

vi.mock('./match-series-admin-api', async (original) => ({
  ...(await original<typeof import('./match-series-admin-api')>()),
  matchSeriesAdminApi: api,
}));
vi.mock('../console/admin-api', () => ({ adminApi: admin }));

const { MatchSeriesPage } = await import('./match-series-page');

const side = (
  s: 'home' | 'away',
  id: string,
  name: string,
  score: number | null,
  placement: number | null,
) => ({
  id: `${id}-${s}`,
  side: s,
  roster: { id, name, displayName: name, ownerId: null },
  displayName: name,
  placement,
  result: { score, forfeit: false },
});

function series(
  id: string,
  over: Partial<AdminMatchSeriesResource['attributes']> = {},
): AdminMatchSeriesResource {
  return {
    id,
    type: 'match-series',
    attributes: {
      date: '2026-12-01T18:00:00Z',
      createdAt: '2026-11-25T10:00:00Z',
      state: 'finished',
      competitors: [side('home', 'r-a', 'Alpha', 9, 1), side('away', 'r-b', 'Bravo', 4, 2)],
      matches: [],
      timeDiffInMinutes: 60,
      bye: false,
      roundNumber: null,
      bracket: null,
      group: null,
      segment: { id: 'seg-1' },
      event: { id: 'ev-1' },
      matchUp: null,
      war: null,
      finishedAt: '2026-12-01T19:00:00Z',
      competition: 'ladder',
      deletedAt: null,
      ...over,
    },
  } as AdminMatchSeriesResource;
}

const page = (data: AdminMatchSeriesResource[]) => ({
  data,
  meta: { page: { number: 1, size: 50, total: data.length, totalPages: 1 } },
});

function renderPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MatchSeriesPage />
    </I18nextProvider>,
  );
}

describe('seriesQuery', () => {
  it('sends only the filters set; a round only when it is a whole number of at least 1', () => {
    const none = { eventId: '', segmentId: '', state: '', round: '' };
    expect(seriesQuery(none, 1, 50)).toEqual({ 'page[number]': 1, 'page[size]': 50 });
    expect(seriesQuery({ eventId: 'e', segmentId: 's', state: 'finished', round: ' 2 ' }, 3, 20)).toEqual({
      'page[number]': 3,
      'page[size]': 20,
      'filter[event]': 'e',
      'filter[segment]': 's',
      'filter[state]': 'finished',
      'filter[round]': 2,
    });
    expect(seriesQuery({ ...none, round: '0' }, 1, 50)['filter[round]']).toBeUndefined();
    expect(seriesQuery({ ...none, round: '1.5' }, 1, 50)['filter[round]']).toBeUndefined();
    expect(seriesQuery({ ...none, round: 'x' }, 1, 50)['filter[round]']).toBeUndefined();
  });
});

describe('match series page', () => {
  beforeAll(() => {
    initI18n();
  });
  beforeEach(() => {
    for (const fn of [...Object.values(api), ...Object.values(admin)]) fn.mockReset();
    admin.events.mockResolvedValue({
      data: [{ id: 'ev-1', type: 'events', attributes: { name: 'Spring Open' } }],
    });
    admin.segments.mockResolvedValue({
      data: [{ id: 'seg-1', type: 'segments', attributes: { name: 'Open ladder' } }],
    });
    api.list.mockResolvedValue(
      page([
        series('s-1'),
        series('s-2', {
          state: 'upcoming',
          finishedAt: null,
          competitors: [side('home', 'r-c', 'Charlie', null, null), side('away', 'r-d', 'Delta', null, null)],
        }),
      ]),
    );
    api.deleted.mockResolvedValue(page([series('s-9', { deletedAt: '2026-12-02T10:00:00Z' })]));
  });
  afterEach(() => vi.clearAllMocks());

  it('lists teams, date, state and result, and filters by event, segment, state and round', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('match-series-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('row-teams').textContent).toBe('Alpha – Bravo');
    expect(within(rows[0]!).getByTestId('row-result').textContent).toBe('9 – 4');
    expect(rows[0]!.textContent).toContain('1 Dec 2026, 18:00 GMT');
    expect(rows[0]!.textContent).toContain('Finished');
    expect(within(rows[1]!).getByTestId('row-result').textContent).toBe('—');
    // A finished series offers a correction, an open one a result and a disqualification.
    expect(within(rows[0]!).getByTestId('action-result').textContent).toContain('Correct result');
    expect(within(rows[0]!).queryByTestId('action-disqualify')).toBeNull();
    expect(within(rows[1]!).queryByTestId('action-disqualify')).not.toBeNull();

    changeField(screen.getByTestId('filter-event'), { target: { value: 'ev-1' } });
    await waitFor(() => expect(admin.segments).toHaveBeenCalledWith('ev-1'));
    await screen.findByRole('option', { name: 'Open ladder' });
    changeField(screen.getByTestId('filter-segment'), { target: { value: 'seg-1' } });
    changeField(screen.getByTestId('filter-state'), { target: { value: 'finished' } });
    changeField(screen.getByTestId('filter-round'), { target: { value: '2' } });
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(
        { eventId: 'ev-1', segmentId: 'seg-1', state: 'finished', round: '2' },
        1,
        50,
      ),
    );
  });

  it('deletes with a confirm and a reason, then reloads; a refusal reads as a sentence', async () => {
    api.remove.mockResolvedValueOnce(undefined);
    renderPage();
    const rows = await screen.findAllByTestId('match-series-row');
    fireEvent.click(within(rows[0]!).getByTestId('action-delete'));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(dialog.textContent).toContain('Delete Alpha – Bravo?');
    expect(api.remove).not.toHaveBeenCalled();
    changeField(within(dialog).getByTestId('delete-reason'), { target: { value: 'duplicate' } });
    const calls = api.list.mock.calls.length;
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('s-1', 'duplicate'));
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(calls));
    expect(screen.queryByTestId('delete-dialog')).toBeNull();

    api.reset.mockRejectedValueOnce(
      new ApiError(
        409,
        'POST',
        '/x',
        [{ status: '409', code: 'CONFLICT', title: 'Conflict', meta: { reason: 'BRACKET_RESULT_LOCKED' } }],
        null,
      ),
    );
    fireEvent.click(
      within((await screen.findAllByTestId('match-series-row'))[0]!).getByTestId('action-reset'),
    );
    const reset = await screen.findByTestId('reset-dialog');
    fireEvent.click(within(reset).getByTestId('reset-confirm'));
    expect(await within(reset).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('A later match already used this result: reset that match first.'),
    );
    expect(api.reset).toHaveBeenCalledWith('s-1', '');
  });

  it('the Deleted view lists deleted series with Restore only', async () => {
    api.restore.mockResolvedValueOnce(undefined);
    renderPage();
    await screen.findAllByTestId('match-series-row');
    fireEvent.click(screen.getByTestId('view-deleted'));
    await waitFor(() => expect(api.deleted).toHaveBeenCalled());
    const row = (await screen.findAllByTestId('match-series-row')).find((r) => r.dataset.id === 's-9')!;
    expect(within(row).queryByTestId('action-delete')).toBeNull();
    expect(within(row).queryByTestId('action-reset')).toBeNull();
    expect(screen.queryByTestId('filter-state')).toBeNull();
    fireEvent.click(within(row).getByTestId('action-restore'));
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('s-9'));
    await waitFor(() => expect(screen.queryByText('Restored.')).not.toBeNull());
  });

  it('disqualify needs a reason, then sends the chosen team', async () => {
    api.disqualify.mockResolvedValueOnce(undefined);
    renderPage();
    const rows = await screen.findAllByTestId('match-series-row');
    fireEvent.click(within(rows[1]!).getByTestId('action-disqualify'));
    const dialog = await screen.findByTestId('disqualify-dialog');
    fireEvent.click(within(dialog).getByTestId('disqualify-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Give a reason.');
    expect(api.disqualify).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText('Delta'));
    changeField(within(dialog).getByTestId('disqualify-reason'), { target: { value: 'cheating' } });
    fireEvent.click(within(dialog).getByTestId('disqualify-confirm'));
    await waitFor(() => expect(api.disqualify).toHaveBeenCalledWith('r-d', 'cheating'));
  });

  it('changes the date (GMT) and the state of an open series', async () => {
    api.update.mockResolvedValueOnce(undefined);
    renderPage();
    const rows = await screen.findAllByTestId('match-series-row');
    fireEvent.click(within(rows[1]!).getByTestId('action-edit'));
    const dialog = await screen.findByTestId('edit-dialog');
    changeField(within(dialog).getByTestId('edit-date'), { target: { value: '2026-12-05T20:30' } });
    changeField(within(dialog).getByTestId('edit-state'), { target: { value: 'scheduled' } });
    fireEvent.submit(within(dialog).getByTestId('edit-date').closest('form')!);
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith('s-2', { date: '2026-12-05T20:30:00Z', state: 'scheduled' }),
    );
  });
});

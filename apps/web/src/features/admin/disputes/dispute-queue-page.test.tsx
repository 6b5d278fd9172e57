import type { DisputeResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';

const api = vi.hoisted(() => ({
  queue: vi.fn(),
  series: vi.fn(),
  uphold: vi.fn(),
  correct: vi.fn(),
  settings: vi.fn(),
  saveSettings: vi.fn(),
}));
const admin = vi.hoisted(() => ({ events: vi.fn(), segments: vi.fn() }));
vi.mock('./dispute-admin-api', () => ({ disputeAdminApi: api }));
vi.mock('../console/admin-api', () => ({ adminApi: admin }));
vi.mock('../brackets/stage-api', async (original) => {
  const real = await original<typeof import('../brackets/stage-api')>();
  const previewResult = vi
    .fn()
    .mockResolvedValue({ competition: 'ladder', corrected: true, resets: [], removedRounds: [] });
  return { ...real, stageApi: { ...real.stageApi, previewResult } };
});
// The screenshots' bytes are not what this page's test is about.
vi.mock('../../match-room/screenshot', () => ({
  Screenshot: ({ alt }: { alt: string }) => <span role="img" aria-label={alt} />,
}));

const { DisputeQueuePage } = await import('./dispute-queue-page');

function dispute(overrides: Partial<DisputeResource['attributes']> = {}): DisputeResource {
  return {
    id: 'd-1',
    type: 'disputes',
    attributes: {
      matchSeriesId: 's-1',
      eventId: 'e-1',
      segmentId: 'g-1',
      side: 'away',
      status: 'open',
      reason: 'They attacked after the end',
      attachmentIds: ['a-1', 'a-2'],
      openedBy: { id: 'u2' },
      createdAt: '2026-11-26T10:10:00Z',
      resolvedAt: null,
      resolutionNote: null,
      series: {
        state: 'finished',
        date: '2026-11-26T09:00:00Z',
        finishedAt: '2026-11-26T10:00:00Z',
        home: { rosterId: 'r1', name: 'Titans', score: 3 },
        away: { rosterId: 'r2', name: 'Galaxy', score: 1 },
      },
      ...overrides,
    },
  };
}

function renderPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <DisputeQueuePage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('DisputeQueuePage', () => {
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    api.queue.mockResolvedValue({ data: [dispute()] });
    api.uphold.mockResolvedValue({ data: dispute({ status: 'upheld' }) });
    admin.events.mockResolvedValue({ data: [] });
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('lists open disputes with the teams, who disputed, the reason and the screenshots', async () => {
    renderPage();
    const card = await screen.findByTestId('dispute-card');
    expect(api.queue).toHaveBeenCalledWith('open');
    expect(card.textContent).toContain('Titans vs Galaxy');
    expect(card.textContent).toContain('3 – 1');
    expect(card.textContent).toContain('Disputed by Galaxy');
    expect(screen.getByTestId('dispute-card-reason').textContent).toBe('They attacked after the end');
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Screenshot 1',
      'Screenshot 2',
    ]);
  });

  it('upholding needs a note for the captains, then closes the dispute', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('dispute-uphold'));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a note for the captains.');
    expect(api.uphold).not.toHaveBeenCalled();
    changeField(screen.getByTestId('dispute-note-input'), {
      target: { value: 'The log shows 3 stars' },
    });
    api.queue.mockResolvedValue({ data: [] });
    fireEvent.click(screen.getByTestId('dispute-uphold'));
    await waitFor(() => expect(api.uphold).toHaveBeenCalledWith('d-1', 'The log shows 3 stars', ''));
    await waitFor(() => expect(screen.queryByTestId('dispute-queue-empty')).not.toBeNull());
  });

  it('shows every dispute when asked, with its state', async () => {
    renderPage();
    await screen.findByTestId('dispute-card');
    api.queue.mockResolvedValue({ data: [dispute({ status: 'corrected', resolutionNote: 'fixed' })] });
    changeField(screen.getByTestId('dispute-filter'), { target: { value: 'all' } });
    await waitFor(() => expect(api.queue).toHaveBeenLastCalledWith('all'));
    await waitFor(() => expect(screen.getByTestId('dispute-card').dataset.status).toBe('corrected'));
    expect(screen.queryByTestId('dispute-uphold')).toBeNull();
  });

  it('a correction: the note goes to the captains, the internal reason is the form reason, untouched values kept', async () => {
    const stored = {
      id: 's-1',
      type: 'match-series',
      attributes: {
        state: 'finished',
        competitors: [
          {
            side: 'home',
            displayName: 'Alpha',
            roster: { id: 'r-a' },
            result: { score: 3, forfeit: false, destruction: 77 },
          },
          {
            side: 'away',
            displayName: 'Bravo',
            roster: { id: 'r-b' },
            result: { score: 2, forfeit: false, destruction: 93 },
          },
        ],
      },
    };
    api.series.mockResolvedValue({ data: stored });
    api.correct.mockResolvedValue({ data: dispute({ status: 'corrected' }) });
    renderPage();
    fireEvent.click(await screen.findByTestId('dispute-correct'));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a note for the captains.');
    changeField(screen.getByTestId('dispute-note-input'), { target: { value: 'Corrected after review' } });
    changeField(screen.getByTestId('dispute-internal-input'), { target: { value: 'Exploit base, warned' } });
    fireEvent.click(screen.getByTestId('dispute-correct'));
    const dialog = await screen.findByTestId('result-dialog');
    expect((within(dialog).getByTestId('result-reason') as HTMLTextAreaElement).value).toBe(
      'Exploit base, warned',
    );
    changeField(within(dialog).getByTestId('result-away-stars'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('result-save'));
    await waitFor(() =>
      expect(api.correct).toHaveBeenCalledWith(
        'd-1',
        {
          homeStars: 3,
          awayStars: 3,
          homeDestruction: 77,
          awayDestruction: 93,
          reason: 'Exploit base, warned',
        },
        'Corrected after review',
      ),
    );
  });
});

import type { SocketUpdate } from '@cwh/contract';
import { MAX_ATTACHMENT_BYTES } from '@cwh/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { changeField } from '../../test-fields';
import { INITIAL_SESSION, resetSession, updateSession } from '../session/session-store';
import type { Dispute, SeriesDisputes } from './dispute-api';
import { disputePanel, reasonRefusal, refusalKey, screenshotRefusal } from './dispute-view';

const listeners: ((m: SocketUpdate) => void)[] = [];
vi.mock('../../lib/realtime', () => ({
  realtimeFor: (userId: string | null) =>
    userId
      ? {
          userId,
          subscribe: (l: (m: SocketUpdate) => void) => {
            listeners.push(l);
            return () => listeners.splice(listeners.indexOf(l), 1);
          },
          onReconnect: () => () => {},
          close: () => {},
        }
      : null,
}));
const { MatchDispute } = await import('./match-dispute');

const CAPTAINS = ['u1', 'u2'];
const META = {
  windowMinutes: 60,
  windowEndsAt: '2026-11-26T11:00:00Z',
  canDispute: true,
  side: 'home' as const,
};
function dispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'd-1',
    matchSeriesId: 's-1',
    eventId: 'e-1',
    segmentId: 'g-1',
    side: 'home',
    status: 'open',
    reason: 'Their last attack came after the end',
    attachmentIds: [],
    openedBy: { id: 'u1' },
    createdAt: '2026-11-26T10:10:00Z',
    resolvedAt: null,
    resolutionNote: null,
    series: {
      state: 'finished',
      date: '2026-11-26T09:00:00Z',
      finishedAt: '2026-11-26T10:00:00Z',
      home: { rosterId: 'r1', name: 'Titans', score: 1 },
      away: { rosterId: 'r2', name: 'Galaxy', score: 3 },
    },
    ...overrides,
  };
}
const read = (disputes: Dispute[], meta: Partial<SeriesDisputes['meta']> = {}): SeriesDisputes => ({
  disputes,
  meta: { ...META, ...meta },
});

describe('dispute view (pure)', () => {
  it.each<[string, SeriesDisputes | null, string]>([
    ['nothing read (not signed in, not a captain): hidden', null, 'hidden'],
    ['a captain in the window: the form', read([]), 'form'],
    ['the window passed, no dispute: hidden', read([], { canDispute: false }), 'hidden'],
    ['staff without a dispute: hidden', read([], { canDispute: false, side: null }), 'hidden'],
    ['a dispute: its status', read([dispute()], { canDispute: false }), 'status'],
  ])('%s', (_why, input, kind) => {
    expect(disputePanel(input).kind).toBe(kind);
  });

  it('after an upheld dispute a captain may dispute again while the window is open', () => {
    expect(disputePanel(read([dispute({ status: 'upheld' })]))).toMatchObject({
      kind: 'status',
      canDispute: true,
    });
  });

  it('checks screenshots and the reason before sending', () => {
    expect(screenshotRefusal({ type: 'image/png', size: 10 }, 0)).toBeNull();
    expect(screenshotRefusal({ type: 'image/gif', size: 10 }, 0)).toBe('type');
    expect(screenshotRefusal({ type: 'image/jpeg', size: MAX_ATTACHMENT_BYTES + 1 }, 0)).toBe('tooBig');
    expect(screenshotRefusal({ type: 'image/webp', size: 10 }, 5)).toBe('tooMany');
    expect(reasonRefusal('   ')).toBe('reason');
    expect(reasonRefusal('x'.repeat(1001))).toBe('reasonLong');
    expect(reasonRefusal(' fine ')).toBeNull();
    expect(refusalKey('DISPUTE_WINDOW_CLOSED')).toBe('refusal.DISPUTE_WINDOW_CLOSED');
    expect(refusalKey('INTERNAL_ERROR')).toBe('refusal.failed');
  });
});

describe('MatchDispute', () => {
  const calls: { url: string; init?: RequestInit }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
  let current: SeriesDisputes;
  let postAnswer: () => Response;
  const document = (r: SeriesDisputes) => ({
    data: r.disputes.map(({ id, ...attributes }) => ({ id, type: 'disputes', attributes })),
    meta: r.meta,
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (init?.method === 'POST') return postAnswer();
    return json(document(current));
  });

  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
    calls.length = 0;
    listeners.length = 0;
    updateSession({ ...INITIAL_SESSION, status: 'signedIn', userId: 'u1' });
    current = read([]);
    postAnswer = () => {
      const made = dispute();
      current = read([made], { canDispute: false });
      const { id, ...attributes } = made;
      return json({ data: { id, type: 'disputes', attributes } }, 201);
    };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    resetSession();
  });

  it('shows nothing before a result: no call is made', () => {
    const { container } = render(<MatchDispute matchSeriesId="s-1" finished={false} captainIds={CAPTAINS} />);
    expect(container.innerHTML).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('a captain opens the form, is told what is missing, sends, and sees the status', async () => {
    render(<MatchDispute matchSeriesId="s-1" finished captainIds={CAPTAINS} />);
    fireEvent.click(await screen.findByTestId('dispute-open'));
    expect(screen.getByTestId('dispute-window').textContent).toContain('You can dispute this result until');
    fireEvent.click(screen.getByTestId('dispute-submit'));
    expect(screen.getByTestId('dispute-error').textContent).toBe('Write why you dispute the result.');
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
    changeField(screen.getByTestId('dispute-reason'), {
      target: { value: 'Their last attack came after the end' },
    });
    fireEvent.click(screen.getByTestId('dispute-submit'));
    const status = await screen.findByTestId('dispute-status');
    expect(status.dataset.status).toBe('open');
    expect(status.textContent).toContain('Dispute open: the organizers are reviewing it.');
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toContain('/api/tournaments/1.0/match-series/s-1/disputes');
    expect(JSON.parse(String(post.init!.body))).toEqual({
      data: {
        type: 'disputes',
        attributes: { reason: 'Their last attack came after the end', attachmentIds: [] },
      },
    });
    expect(screen.queryByTestId('dispute-open')).toBeNull();
  });

  it('a refused file is explained and not uploaded', async () => {
    render(<MatchDispute matchSeriesId="s-1" finished captainIds={CAPTAINS} />);
    fireEvent.click(await screen.findByTestId('dispute-open'));
    const gif = new File(['GIF89a'], 'war.gif', { type: 'image/gif' });
    changeField(screen.getByTestId('dispute-file'), { target: { files: [gif] } });
    expect((await screen.findByTestId('dispute-error')).textContent).toBe(
      'Only PNG, JPEG and WebP images can be added.',
    );
    expect(calls.filter((c) => c.url.includes('/attachments'))).toHaveLength(0);
  });

  it("the server's refusal is shown in words", async () => {
    postAnswer = () =>
      json(
        {
          errors: [{ status: '409', code: 'DISPUTE_WINDOW_CLOSED', title: 'Dispute window closed' }],
          meta: { message: 'x', status: 409, method: 'POST', path: '/' },
        },
        409,
      );
    render(<MatchDispute matchSeriesId="s-1" finished captainIds={CAPTAINS} />);
    fireEvent.click(await screen.findByTestId('dispute-open'));
    changeField(screen.getByTestId('dispute-reason'), { target: { value: 'late' } });
    fireEvent.click(screen.getByTestId('dispute-submit'));
    expect((await screen.findByTestId('dispute-error')).textContent).toBe(
      'The time to dispute this result has passed.',
    );
  });

  it("the organizer's decision arrives over the socket and is read again", async () => {
    current = read([dispute()], { canDispute: false });
    render(<MatchDispute matchSeriesId="s-1" finished captainIds={CAPTAINS} />);
    expect((await screen.findByTestId('dispute-status')).dataset.status).toBe('open');
    current = read([dispute({ status: 'corrected', resolutionNote: 'Away had 3 stars' })], {
      canDispute: false,
    });
    act(() => {
      for (const l of [...listeners])
        l({
          event: 'matches:dispute_updated',
          data: { dispute: { id: 'd-1' }, matchSeries: { id: 's-1' }, status: 'corrected' },
        } as SocketUpdate);
    });
    await waitFor(() => expect(screen.getByTestId('dispute-status').dataset.status).toBe('corrected'));
    expect(screen.getByTestId('dispute-note').textContent).toBe("Organizer's note: Away had 3 stars");
  });

  it('a viewer who captains neither side makes no call and sees nothing', () => {
    const { container } = render(<MatchDispute matchSeriesId="s-1" finished captainIds={['u7', null]} />);
    expect(container.innerHTML).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('a refused read (403) shows nothing', async () => {
    fetchMock.mockImplementationOnce(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return json(
        {
          errors: [{ status: '403', code: 'FORBIDDEN', title: 'Forbidden' }],
          meta: { message: 'x', status: 403, method: 'GET', path: '/' },
        },
        403,
      );
    });
    const { container } = render(<MatchDispute matchSeriesId="s-1" finished captainIds={CAPTAINS} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[data-testid="match-dispute"]')).toBeNull();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { SeasonEditor } from './season-editor';

const range = { from: '2026-05-01T14:00:00Z', to: '2026-05-31T23:00:00Z' };
const segment = {
  id: 'th17',
  type: 'segments',
  attributes: {
    name: 'Championship TH17',
    level: 0,
    date: range,
    stageCode: 'LADDER',
    eliminationType: 'ladder',
    registrationPhases: [],
    rostersLimit: { limit: 128, standbyLimit: 0 },
    rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
    segmentCheckinsConfig: { enabled: false, openWindow: null },
  },
};
const period = (id: string, name: string, sortOrder: number, isFinalResult: number) => ({
  id,
  type: 'supported-periods',
  attributes: { name, key: name.toLowerCase(), sortOrder, isRequired: 1, isFinalResult },
});

describe("season editor: a segment's supported periods", () => {
  const calls: { method: string; url: string; body?: string }[] = [];
  let periods = [period('p-2', 'Stars', 2, 1), period('p-1', 'Destruction', 1, 0)];
  const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status });
  beforeEach(async () => {
    await loadLocale('en');
    calls.length = 0;
    periods = [period('p-2', 'Stars', 2, 1), period('p-1', 'Destruction', 1, 0)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, ...(init?.body ? { body: String(init.body) } : {}) });
        if (url.includes('/supported-periods')) {
          if (method === 'DELETE') {
            periods = periods.filter((p) => !url.endsWith(`/${p.id}`));
            return new Response(null, { status: 204 });
          }
          if (method === 'POST') {
            const attributes = JSON.parse(String(init!.body)).data.attributes;
            const created = { id: 'p-3', type: 'supported-periods', attributes };
            periods = [...periods, created];
            return json(created, 201);
          }
          return json(periods);
        }
        if (url.includes('/advance-rules') || url.includes('/registration-phases')) return json([]);
        return json([segment]);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderEditor = () =>
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SeasonEditor eventId="e-1" />
        </MemoryRouter>
      </I18nextProvider>,
    );
  const items = async () =>
    within(await screen.findByTestId('period-items'))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('span')!.textContent);

  it('lists the periods by sort order with their flags', async () => {
    renderEditor();
    await waitFor(async () => expect(await items()).toHaveLength(2));
    expect(await items()).toEqual([
      '1. Destruction (destruction) · Required',
      '2. Stars (stars) · Required, Final result',
    ]);
    expect(
      calls.some(
        (c) => c.method === 'GET' && /\/events\/e-1\/segments\/th17\/supported-periods$/.test(c.url),
      ),
    ).toBe(true);
  });

  it('adds a period with sortOrder and the flags as integers, then lists it', async () => {
    renderEditor();
    const form = await screen.findByTestId('period-form');
    changeField(within(form).getByLabelText('Period name'), { target: { value: 'Time' } });
    changeField(within(form).getByLabelText('Key'), { target: { value: 'time' } });
    changeField(within(form).getByLabelText('Sort order'), { target: { value: '3' } });
    fireEvent.click(within(form).getByLabelText('Final result'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add period' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/events\/e-1\/segments\/th17\/supported-periods$/);
    expect(JSON.parse(post.body!).data.attributes).toEqual({
      name: 'Time',
      key: 'time',
      sortOrder: 3,
      isRequired: 0,
      isFinalResult: 1,
    });
    await waitFor(async () => expect(await items()).toContain('3. Time (time) · Final result'));
  });

  it('refuses a sort order that is not a whole number, sending nothing', async () => {
    renderEditor();
    const form = await screen.findByTestId('period-form');
    changeField(within(form).getByLabelText('Period name'), { target: { value: 'Time' } });
    changeField(within(form).getByLabelText('Key'), { target: { value: 'time' } });
    changeField(within(form).getByLabelText('Sort order'), { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add period' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sort order must be a whole number of 0 or more.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('removes the period whose Remove button is pressed', async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Stars' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toMatch(
      /\/events\/e-1\/segments\/th17\/supported-periods\/p-2$/,
    );
    await waitFor(async () => expect(await items()).toEqual(['1. Destruction (destruction) · Required']));
  });

  it('speaks the organizer language', async () => {
    await loadLocale('de');
    renderEditor();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Periode hinzufügen' })).not.toBeNull());
    await loadLocale('en');
  });
});

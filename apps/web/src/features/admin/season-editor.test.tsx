import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { changeField } from '../../test-fields';
import { SeasonEditor } from './season-editor';

const range = { from: '2026-05-01T14:00:00Z', to: '2026-05-31T23:00:00Z' };
const segment = (id: string, name: string, level: number) => ({
  id,
  type: 'segments',
  attributes: {
    name,
    level,
    date: range,
    stageCode: 'LADDER',
    eliminationType: 'ladder',
    registrationPhases: [{ name: 'Late registration', date: range, type: 'registration' }],
    rostersLimit: { limit: 128, standbyLimit: 0 },
    rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
  },
});

describe('season editor', () => {
  const calls: { method: string; url: string; body?: string }[] = [];
  const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, ...(init?.body ? { body: String(init.body) } : {}) });
        if (method === 'DELETE') return new Response(null, { status: 204 });
        if (url.includes('/supported-periods')) return json([]);
        if (url.includes('/advance-rules'))
          return json([
            { id: 'rule-1', type: 'advance-rules', attributes: { placements: [1, 2], nextSegmentId: 'mf' } },
          ]);
        if (url.includes('/registration-phases'))
          return json([
            {
              id: 'phase-1',
              type: 'registration-phases',
              attributes: { name: 'Late registration', date: range },
            },
          ]);
        return json([segment('th17', 'Championship TH17', 0), segment('mf', 'Monthly Finals', 1)]);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each phase and rule with a Remove button that deletes that one', async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SeasonEditor eventId="e-1" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const removeRule = (await screen.findAllByRole('button', { name: 'Remove 1, 2 → Monthly Finals' }))[0]!;
    expect(
      screen.getAllByRole('button', {
        name: 'Remove Late registration (1 May 2026, 14:00 GMT → 31 May 2026, 23:00 GMT)',
      }),
    ).not.toHaveLength(0);
    fireEvent.click(removeRule);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const deleted = calls.find((c) => c.method === 'DELETE')!;
    expect(deleted.url).toMatch(/\/events\/e-1\/segments\/th17\/advance-rules\/rule-1$/);
  });

  it('saves the roster sizes and limits with the dates in one PATCH', async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SeasonEditor eventId="e-1" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const [editor] = await screen.findAllByTestId('segment-editor');
    const field = (label: string) => within(editor!).getByLabelText(label);
    changeField(field('Minimum players per roster'), { target: { value: '4' } });
    changeField(field('Standby players per roster'), { target: { value: '2' } });
    changeField(field('Roster limit'), { target: { value: '64' } });
    fireEvent.click(within(editor!).getByTestId('segment-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(patch.body!).data.attributes).toMatchObject({
      date: range,
      rostersLimit: { limit: 64, standbyLimit: 2 },
      rosterSize: { playersMin: 4, playersMax: 5, coachesMax: 0 },
    });
  });
});

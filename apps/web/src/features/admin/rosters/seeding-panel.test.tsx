import { previewFirstRound } from '@cwh/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { SeedingPanel } from './seeding-panel';

const SEGMENT = 'seg-1';
const entry = (id: string, seed: number, extra: Record<string, unknown> = {}) => ({
  seed,
  roster: { id, name: `Team ${id}`, clanTag: `#${id}` },
  source: 'placement',
  previousRank: seed,
  checkedIn: true,
  lineupChangedAt: null,
  ...extra,
});
const proposal = { stage: null, seeds: [entry('a', 1), entry('b', 2), entry('c', 3)] };
const created = {
  stage: { id: 'stage-1', createdAt: '2026-03-15T12:00:00Z' },
  seeds: [
    entry('c', 1, { source: 'stage', previousRank: null }),
    entry('a', 2, { source: 'stage', previousRank: null, lineupChangedAt: '2026-03-15T13:00:00Z' }),
    entry('b', 3, { source: 'stage', previousRank: null }),
  ],
};

describe('seeding panel (console)', () => {
  let stageExists = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.includes(`/admin/segments/${SEGMENT}/seeding`)) {
      const attributes = {
        segment: { id: SEGMENT, name: 'Monthly Qualifier', eliminationType: 'swiss' },
        ...(stageExists ? created : proposal),
      };
      return json({ data: { id: SEGMENT, type: 'seedings', attributes } });
    }
    if (init?.method === 'POST' && url.endsWith(`/segments/${SEGMENT}/bracket`)) {
      stageExists = true;
      return json({ data: { id: 'stage-1', type: 'brackets', attributes: {} } }, 201);
    }
    return json({ errors: [] }, 404);
  });
  beforeEach(async () => {
    stageExists = false;
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });
  const show = async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <SeedingPanel segmentId={SEGMENT} refreshKey={0} />
      </I18nextProvider>,
    );
    await screen.findByText('Team a');
  };
  const names = () => screen.getAllByTestId('seed-row').map((row) => row.getAttribute('data-roster'));

  it('lists the proposed seeds with their previous placement', async () => {
    await show();
    expect(names()).toEqual(['Team a', 'Team b', 'Team c']);
    expect(screen.queryByText(/placement 2/)).not.toBeNull();
  });

  it('reorders with a typed seed and the arrows, refuses a seed that is not a whole number', async () => {
    await show();
    const seedOfC = screen.getByLabelText('Seed of Team c');
    changeField(seedOfC, { target: { value: '1' } });
    fireEvent.blur(seedOfC);
    expect(names()).toEqual(['Team c', 'Team a', 'Team b']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Team b up' }));
    expect(names()).toEqual(['Team c', 'Team b', 'Team a']);
    expect((screen.getByRole('button', { name: 'Move Team c up' }) as HTMLButtonElement).disabled).toBe(true);
    const seedOfA = screen.getByLabelText('Seed of Team a');
    changeField(seedOfA, { target: { value: 'x' } });
    fireEvent.keyDown(seedOfA, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('whole number');
    expect(names()).toEqual(['Team c', 'Team b', 'Team a']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the proposed order' }));
    expect(names()).toEqual(['Team a', 'Team b', 'Team c']);
  });

  it('previews round 1 as the swiss engine pairs it, following the order', async () => {
    await show();
    const expected = (ids: string[]) =>
      previewFirstRound({ format: 'swiss', segmentId: SEGMENT, rosterIds: ids }).map((p) => {
        const side = (s: typeof p.home) => (s ? `Team ${s.rosterId} (${s.seed})` : '');
        return p.away ? `${side(p.home)} vs ${side(p.away)}` : `${side(p.home)}: bye`;
      });
    const shown = () =>
      within(screen.getByTestId('stage-preview'))
        .getAllByTestId('preview-pairing')
        .map((li) => li.textContent);
    expect(shown()).toEqual(expected(['a', 'b', 'c']));
    expect(shown().filter((line) => line?.endsWith(': bye'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move Team c up' }));
    expect(shown()).toEqual(expected(['a', 'c', 'b']));
  });

  it('creates the stage in the chosen order, then shows its seeds with a late lineup change flagged', async () => {
    await show();
    const seedOfC = screen.getByLabelText('Seed of Team c');
    changeField(seedOfC, { target: { value: '1' } });
    fireEvent.blur(seedOfC);
    // The typed seed reorders the list first; create sends that order.
    await waitFor(() => expect(names()).toEqual(['Team c', 'Team a', 'Team b']));
    fireEvent.click(screen.getByTestId('seeding-create'));
    await screen.findByTestId('seeding-stage');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body)).data.attributes).toEqual({ rosterIds: ['c', 'a', 'b'] });
    await waitFor(() => expect(names()).toEqual(['Team c', 'Team a', 'Team b']));
    const flagged = screen
      .getAllByTestId('seed-row')
      .find((r) => r.getAttribute('data-roster') === 'Team a')!;
    expect(within(flagged).getByTestId('lineup-changed').textContent).toBe(
      'Lineup changed 15 Mar 2026, 13:00 GMT',
    );
    // Once the stage exists the seeds are read-only.
    expect(screen.queryByLabelText('Seed of Team a')).toBeNull();
    expect(screen.queryByTestId('seeding-create')).toBeNull();
  });
});

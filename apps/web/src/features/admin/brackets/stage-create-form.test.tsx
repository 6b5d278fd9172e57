import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { type SeedCandidate, StageCreateForm } from './stage-create-form';

/** The seeding part of Create stage: the qualified teams preselected, reordered, the first round previewed. */
const candidates: SeedCandidate[] = [
  { id: 'r-a', name: 'Alpha', placement: 1 },
  { id: 'r-b', name: 'Bravo', placement: 2 },
  { id: 'r-c', name: 'Charlie', placement: 3, qualified: true },
  { id: 'r-d', name: 'Delta', placement: 4, qualified: true },
  { id: 'r-e', name: 'Echo', placement: 5, qualified: true },
  { id: 'r-f', name: 'Foxtrot', placement: 6, qualified: true },
];
const sent: unknown[] = [];

function renderForm(proposed: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ data: {} }), { status: 201 });
    }),
  );
  const onCreated = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <StageCreateForm
        segmentId="seg-final"
        segmentFormat="double_elimination"
        candidates={candidates}
        proposed={proposed}
        onCreated={onCreated}
      />
    </I18nextProvider>,
  );
  return onCreated;
}

const seedOf = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name: `Seed of ${name}` });
const pairings = () =>
  within(screen.getByTestId('stage-preview'))
    .getAllByTestId('preview-pairing')
    .map((li) => li.textContent);

describe('create stage: seeding from who qualified', () => {
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
  });

  it('preselects the qualified teams in their proposed order, the others left out, and flags them', () => {
    renderForm(['r-d', 'r-c', 'r-f', 'r-e']);
    expect(['Delta', 'Charlie', 'Foxtrot', 'Echo', 'Alpha', 'Bravo'].map((n) => seedOf(n).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '',
      '',
    ]);
    // Listed in proposed order, the qualified ones marked.
    const rows = within(screen.getByTestId('seed-list')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.split(' ·')[0]?.replace('Qualified', ''))).toEqual([
      'Delta',
      'Charlie',
      'Foxtrot',
      'Echo',
      'Alpha',
      'Bravo',
    ]);
    expect(screen.getAllByTestId('seed-qualified')).toHaveLength(4);
  });

  it('previews the bracket’s first round and follows a reorder with the arrows', async () => {
    const onCreated = renderForm(['r-d', 'r-c', 'r-f', 'r-e']);
    expect(pairings()).toEqual(['Delta (1) vs Echo (4)', 'Charlie (2) vs Foxtrot (3)']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Echo up a seed' }));
    expect(seedOf('Echo').value).toBe('3');
    expect(seedOf('Foxtrot').value).toBe('4');
    expect(pairings()).toEqual(['Delta (1) vs Foxtrot (4)', 'Charlie (2) vs Echo (3)']);
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent).toEqual([
      { data: { attributes: { format: 'double_elimination', rosterIds: ['r-d', 'r-c', 'r-e', 'r-f'] } } },
    ]);
  });

  it('shows the byes of a field that is not a power of two, and asks for whole seeds', () => {
    renderForm([]);
    // No proposal: the six best placed, seeds 1 and 2 with byes.
    expect(pairings()).toEqual([
      'Alpha (1): bye',
      'Delta (4) vs Echo (5)',
      'Bravo (2): bye',
      'Charlie (3) vs Foxtrot (6)',
    ]);
    changeField(seedOf('Charlie'), { target: { value: '' } });
    expect(screen.getByTestId('stage-preview-refusal').textContent).toBe(
      'Number the seeds from 1 without gaps to see the first round.',
    );
  });
});

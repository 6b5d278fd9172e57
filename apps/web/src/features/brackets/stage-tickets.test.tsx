import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { ready } from '../../lib/loadable';
import type { BracketInfo } from './brackets-api';
import type { StageData } from './stage-data';
import { fourTeamBracket } from './stage-fixtures.test-support';
import { StageView } from './stage-view';

/** The played 4-team bracket after its advance: r1 and r3 qualified with a golden and a silver ticket. */
const info: BracketInfo = {
  id: 'stage',
  segment: { id: 'segment' },
  format: 'double_elimination',
  teams: [1, 2, 3, 4].map((n) => ({ rosterId: `r${n}`, seed: n })),
  startsAt: '2026-12-01T18:00:00Z',
  createdAt: '2026-11-01T18:00:00Z',
  swiss: null,
  doubleElimination: null,
  outcomes: [
    { rosterId: 'r1', outcome: 'qualified', nextSegment: { id: 'next' }, ticket: 'golden' },
    { rosterId: 'r3', outcome: 'qualified', nextSegment: { id: 'next' }, ticket: 'silver' },
    { rosterId: 'r2', outcome: 'eliminated', nextSegment: null, ticket: null },
    { rosterId: 'r4', outcome: 'eliminated', nextSegment: null },
  ],
};

function renderParticipants() {
  const data: StageData = {
    segment: null,
    segmentId: 'segment',
    info: ready(info),
    series: fourTeamBracket('away', 'played'),
    records: [],
    round: null,
    rounds: [],
    view: 'participants',
  };
  const router = createMemoryRouter([{ path: '/', element: <StageView data={data} /> }], {
    initialEntries: ['/'],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('ticket winners on the public participant list', () => {
  it('shows every visitor which teams won a golden or a silver ticket', async () => {
    await loadLocale('en');
    renderParticipants();
    const rows = screen.getByTestId('stage-participants').querySelectorAll('li');
    const golden = screen.getByTestId('ticket-golden');
    const silver = screen.getByTestId('ticket-silver');
    expect(golden.textContent).toBe('Golden ticket');
    expect(silver.textContent).toBe('Silver ticket');
    expect(rows[0]!.contains(golden)).toBe(true);
    expect(rows[2]!.contains(silver)).toBe(true);
    expect(screen.getAllByTestId(/^ticket-/)).toHaveLength(2);
    // Each participant's name opens the team's page.
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Team 1' })
        .getAttribute('href'),
    ).toBe('/team/r1');
  });

  it('names the ticket in the visitor language', async () => {
    await loadLocale('fr');
    renderParticipants();
    expect(screen.getByTestId('ticket-golden').textContent).toBe("Ticket d'or");
    await loadLocale('en');
  });
});

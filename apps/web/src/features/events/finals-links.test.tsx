import type { EventResource } from '@cwh/contract';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { FinalsLinks } from './finals-links';

const event = (competition: 'championship' | 'townHallCup', thLevels: number[]) =>
  ({
    id: 'e1',
    type: 'events',
    attributes: {
      name: 'Event',
      status: 'active',
      date: { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' },
      competition,
      thLevels,
    },
  }) as EventResource;

function renderAt(path: string, value: EventResource) {
  const router = createMemoryRouter([{ path: '/:locale?', element: <FinalsLinks event={value} /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('home links to the finals pages', () => {
  it('a town hall cup links to each of its levels, highest first, keeping the locale prefix', () => {
    renderAt('/fr', event('townHallCup', [9, 12, 15]));
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/fr/town-hall-cup/15', '/fr/town-hall-cup/12', '/fr/town-hall-cup/9']);
  });

  it('a championship links to the World Championship Finals', () => {
    renderAt('/', event('championship', [17]));
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/world-finals']);
  });
});

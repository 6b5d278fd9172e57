import type { OfficialWarAttributes } from '@cwh/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { OfficialWarReport } from './official-war-attacks';
import { OfficialWarGuide } from './official-war-guide';

initI18n();

const settings = { teamSize: 5, attacksPerMember: 1, preparationMinutes: 5, battleMinutes: 45 };
const war = (overrides: Partial<OfficialWarAttributes> = {}): OfficialWarAttributes => ({
  settings,
  state: 'warEnded',
  destruction: { home: 87.6, away: 96 },
  attacks: [
    {
      side: 'away',
      attackerTag: '#9R08QRUU2',
      defenderTag: '#P0C9UJLPP',
      stars: 2,
      destruction: 82,
      order: 1,
      durationSeconds: 165,
    },
    {
      side: 'home',
      attackerTag: '#Y09PQVCC',
      defenderTag: '#9R08QRUU2',
      stars: 0,
      destruction: 40,
      order: 2,
      durationSeconds: null,
    },
  ],
  warLog: 'confirmed',
  reviewReason: null,
  ...overrides,
});

describe('official war on the match page', () => {
  it('explains the friendly war settings', () => {
    render(<OfficialWarGuide settings={settings} />);
    const list = screen.getByTestId('official-war-settings');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['War size: 5 v 5', 'Attacks per member: 1', 'Preparation time: 5m', 'Battle time: 45m']);
  });

  it('lists the attacks in order with the attacker side, stars, destruction and duration', () => {
    render(<OfficialWarReport war={war()} names={{ home: 'Titans', away: 'Galaxy' }} />);
    const rows = within(screen.getByTestId('official-war-attacks')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', '#9R08QRUU2 (Galaxy)', '#P0C9UJLPP', '★★', '82 %', '2m 45s'],
      ['2', '#Y09PQVCC (Titans)', '#9R08QRUU2', '–', '40 %', '–'],
    ]);
    expect(screen.getByTestId('official-war-destruction').textContent).toBe(
      'Destruction: 87.6 % against 96 %',
    );
    expect(screen.getByTestId('official-war-log').textContent).toBe(
      "The result matches the clan's public war log.",
    );
  });

  it('tells both captains when the organizer must decide', () => {
    render(
      <OfficialWarReport
        war={war({ state: 'notInWar', attacks: [], destruction: null, reviewReason: 'war_log_private' })}
        names={{ home: 'Titans', away: 'Galaxy' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain("a clan's war log is private");
    expect(screen.queryByTestId('official-war-attacks')).toBeNull();
    expect(screen.queryByTestId('official-war-log')).toBeNull();
  });
});

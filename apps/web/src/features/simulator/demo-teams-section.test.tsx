import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { DemoTeamsSection } from './demo-teams-section';

const refusal = (team: string, code: string) => ({
  team,
  code,
  detail: 'refused',
  at: '2026-03-15T12:00:00Z',
});

describe('demo teams that cannot play (simulator console)', () => {
  it('names each team, its code and what fixes it in the simulator', () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <DemoTeamsSection
          refusals={[refusal('Desert Vipers', 'CLAN_IS_IN_WAR'), refusal('Storm Wardens', 'ODD')]}
        />
      </I18nextProvider>,
    );
    const rows = screen.getAllByTestId('sim-demo-team');
    expect(rows.map((row) => row.dataset.code)).toEqual(['CLAN_IS_IN_WAR', 'ODD']);
    expect(rows[0]!.textContent).toContain('Desert Vipers');
    expect(rows[0]!.textContent).toContain('set its war status back to none under Clans');
    expect(rows[1]!.textContent).toContain('tries again by itself after a rest');
  });

  it('shows nothing when every demo team can play', () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <DemoTeamsSection refusals={[]} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('sim-demo-teams')).toBeNull();
  });
});

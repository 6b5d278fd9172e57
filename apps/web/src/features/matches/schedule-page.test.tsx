import type { EventResource, SegmentResource } from '@cwh/contract';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { Schedule } from './schedule-page';

const segment = (id: string, name: string, stageCode: string, level: number, from: string) =>
  ({
    id,
    type: 'segments',
    attributes: { name, stageCode, level, date: { from, to: '2099-12-31T00:00:00Z' } },
  }) as unknown as SegmentResource;

const event = { id: 'e', type: 'events', attributes: { name: 'Championship 2026' } } as EventResource;

describe('the schedule', () => {
  it('hides the organizers’ [TEST] segments and names the known stages in the player’s language', async () => {
    await loadLocale('fr');
    const all = [
      segment('th17', 'Championship TH17', 'LADDER', 0, '2026-01-01T00:00:00Z'),
      segment('test', '[TEST] Championship sandbox', 'LADDER', 0, '2026-01-01T00:00:00Z'),
      segment('mq', 'Monthly Qualifier', 'MQ', 1, '2026-02-01T00:00:00Z'),
      segment('lcq', 'Last Chance Qualifier', 'LCQ', 1, '2026-03-01T00:00:00Z'),
      segment('own', 'Spring Invitational', 'CT', 1, '2026-04-01T00:00:00Z'),
    ];
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <Schedule ladder={{ event, stage: null, segment: all[0]!, all }} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const names = screen
      .getAllByTestId('schedule-segment')
      .map((row) => row.querySelector('.schedule__name')!.textContent);
    // The seasons' level-0 names ("Championship TH17") translate with their town hall level too.
    expect(names).toEqual([
      'Championnat HDV17',
      'Qualification mensuelle',
      'Qualification de la dernière chance',
      'Spring Invitational',
    ]);
    await loadLocale('en');
  });
});

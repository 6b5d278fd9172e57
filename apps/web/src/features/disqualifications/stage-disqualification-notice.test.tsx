import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/i18n';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api-client', () => ({ api: { get } }));
const { StageDisqualificationNotice } = await import('./stage-disqualification-notice');

beforeAll(() => {
  initI18n();
});

describe('the stage disqualification notice on My Team (issue #31)', () => {
  it('tells the team which stage it is out of and the reason the organizer gave', async () => {
    get.mockResolvedValueOnce({
      data: [
        {
          id: 'd-1',
          type: 'stage-disqualifications',
          attributes: {
            roster: { id: 'r-1' },
            segment: { id: 's-1', name: 'Monthly Qualifier' },
            reason: 'Used a second account',
            createdAt: '2026-12-01T10:00:00Z',
          },
        },
      ],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <StageDisqualificationNotice rosterId="r-1" />
      </I18nextProvider>,
    );
    expect((await screen.findByTestId('stage-disqualified')).textContent).toBe(
      'Your team was disqualified from Monthly Qualifier by the organizers. Reason: Used a second account',
    );
    expect(get).toHaveBeenCalledWith('/api/tournaments/1.0/rosters/r-1/stage-disqualifications');
  });

  it('shows nothing when the team was never disqualified', async () => {
    get.mockResolvedValueOnce({ data: [] });
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <StageDisqualificationNotice rosterId="r-2" />
      </I18nextProvider>,
    );
    await vi.waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/tournaments/1.0/rosters/r-2/stage-disqualifications'),
    );
    expect(container.textContent).toBe('');
  });
});

import type { SegmentResource } from '@cwh/contract';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { SegmentList } from './segment-list';

const segment = (id: string, from: string, to: string, name = `Stage ${id}`) =>
  ({
    id,
    type: 'segments',
    attributes: {
      name,
      stageCode: 'MQ',
      date: { from, to },
      registrationStatus: 'after',
    },
  }) as unknown as SegmentResource;

describe('the stages of an event carry their spec 4 status (before, open, after)', () => {
  it('reads each stage range against now, both ends of the range inclusive', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SegmentList
            now={now}
            segments={[
              segment('past', '2026-03-01T00:00:00Z', '2026-03-10T11:59:59Z'),
              segment('ends-now', '2026-03-01T00:00:00Z', '2026-03-10T12:00:00Z'),
              segment('starts-now', '2026-03-10T12:00:00Z', '2026-03-20T00:00:00Z'),
              segment('next', '2026-03-10T12:00:01Z', '2026-03-20T00:00:00Z'),
              segment('sandbox', '2026-03-01T00:00:00Z', '2026-03-20T00:00:00Z', '[TEST] sandbox'),
            ]}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const badges = screen
      .getAllByTestId('segment')
      .map((row) => within(row).getAllByText(/Live|Upcoming|Finished/)[0]!.textContent);
    // The organizers' [TEST] segment is not listed.
    expect(badges).toEqual(['Finished', 'Live', 'Live', 'Upcoming']);
    expect(screen.queryByText('[TEST] sandbox')).toBeNull();
  });
});

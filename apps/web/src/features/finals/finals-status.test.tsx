import { WRAPPER_EVENT } from '@cwh/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../i18n/i18n';
import { bracketInfo, stageSeries } from './finals-fixtures';
import { assignFinalsDays, matchesOfDay } from './finals-model';
import { FinalsStatus, finalsSchedule } from './finals-status';

const dates = { from: WRAPPER_EVENT.start, to: WRAPPER_EVENT.end };
const dayOne = (finished: boolean) => {
  const info = bracketInfo(null);
  const series = stageSeries().map((s) => ({
    ...s,
    state: finished ? ('finished' as const) : ('upcoming' as const),
    date: '2025-10-31T18:00:00Z',
  }));
  return matchesOfDay(assignFinalsDays(info, series)!, 1);
};

describe('the finals status block (period flags)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function shown(now: string, finished: boolean, locale = 'en') {
    cleanup();
    vi.setSystemTime(new Date(now));
    await loadLocale(locale as Parameters<typeof loadLocale>[0]);
    const i18n = initI18n();
    await i18n.changeLanguage(locale);
    const schedule = finalsSchedule(dates, WRAPPER_EVENT.dayStarts, dayOne(finished));
    render(
      <I18nextProvider i18n={i18n}>
        <FinalsStatus schedule={schedule} />
      </I18nextProvider>,
    );
    return screen.getByTestId('finals-status');
  }

  it('before the finals: when they start', async () => {
    const block = await shown('2025-10-20T12:00:00Z', false);
    expect(block.dataset.block).toBe('upcoming');
    expect(block.textContent).toMatch(/^The finals start on .*2025/);
  });

  it('day 1 in play, then between the days once day 1 is finished, in French too', async () => {
    expect((await shown('2025-10-31T19:00:00Z', false)).dataset.block).toBe('dayOne');
    const between = await shown('2025-10-31T20:00:00Z', true, 'fr');
    expect(between.dataset.block).toBe('betweenDays');
    expect(between.textContent).toMatch(/^Le jour 1 est terminé\. Le jour 2 commence le /);
  });

  it('after the wrapper event: over', async () => {
    expect((await shown('2025-11-03T10:00:00Z', true)).dataset.block).toBe('over');
  });
});

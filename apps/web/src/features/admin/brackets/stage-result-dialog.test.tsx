import type { MatchSeriesResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { resultFormOf } from './result-correction';

const api = vi.hoisted(() => ({ previewResult: vi.fn() }));
vi.mock('./stage-api', async (original) => {
  const real = await original<typeof import('./stage-api')>();
  return { ...real, stageApi: { ...real.stageApi, previewResult: api.previewResult } };
});

const { RecordResultDialog } = await import('./stage-result-dialog');

const side = (s: 'home' | 'away', name: string, score: number | null, destruction?: number) => ({
  id: `${name}-${s}`,
  side: s,
  roster: { id: `r-${name}`, name, displayName: name, ownerId: null },
  displayName: name,
  placement: null,
  result: { score, forfeit: false, ...(destruction !== undefined ? { destruction } : {}) },
});

function series(state: 'finished' | 'scheduled'): MatchSeriesResource {
  const played = state === 'finished';
  return {
    id: 's-1',
    type: 'match-series',
    attributes: {
      state,
      competitors: [
        side('home', 'Alpha', played ? 9 : null, played ? 88.5 : undefined),
        side('away', 'Bravo', played ? 4 : null, played ? 61 : undefined),
      ],
    },
  } as unknown as MatchSeriesResource;
}

function open(target: MatchSeriesResource, submit = vi.fn().mockResolvedValue(undefined)) {
  const onSaved = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <RecordResultDialog series={target} onClose={() => {}} onSaved={onSaved} submit={submit} />
    </I18nextProvider>,
  );
  return { submit, onSaved, dialog: screen.getByTestId('result-dialog') };
}

beforeAll(() => {
  initI18n();
});
beforeEach(() => api.previewResult.mockReset());

describe('the result dialog (issue #31)', () => {
  it('opens on the stored result: a correction of the stars keeps the destruction it did not touch', async () => {
    const { submit, dialog } = open(series('finished'));
    expect((within(dialog).getByTestId('result-home-destruction') as HTMLInputElement).value).toBe('88.5');
    api.previewResult.mockResolvedValueOnce({
      competition: 'ladder',
      corrected: true,
      resets: [],
      removedRounds: [],
    });
    changeField(within(dialog).getByTestId('result-home-stars'), { target: { value: '3' } });
    changeField(within(dialog).getByTestId('result-away-stars'), { target: { value: '9' } });
    changeField(within(dialog).getByTestId('result-reason'), { target: { value: 'war log' } });
    fireEvent.click(screen.getByTestId('result-save'));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        homeStars: 3,
        awayStars: 9,
        homeDestruction: 88.5,
        awayDestruction: 61,
        reason: 'war log',
      }),
    );
  });

  it('a correction that resets later matches shows them and saves only on confirmation, with resetLater', async () => {
    const { submit, onSaved, dialog } = open(series('finished'));
    api.previewResult.mockResolvedValue({
      competition: 'double_elimination',
      corrected: true,
      resets: [
        {
          matchSeriesId: 'n-1',
          nodeId: 'U2-1',
          roundNumber: 2,
          state: 'finished',
          home: 'Alpha',
          away: 'Delta',
        },
        {
          matchSeriesId: 'n-2',
          nodeId: 'L1-1',
          roundNumber: 1,
          state: 'finished',
          home: 'Bravo',
          away: 'Charlie',
        },
      ],
      removedRounds: [],
    });
    changeField(within(dialog).getByTestId('result-home-stars'), { target: { value: '2' } });
    changeField(within(dialog).getByTestId('result-reason'), { target: { value: 'wrong side' } });
    fireEvent.click(screen.getByTestId('result-save'));
    const preview = await screen.findByTestId('reset-preview');
    expect(
      within(preview)
        .getAllByTestId('reset-item')
        .map((li) => li.textContent),
    ).toEqual(['U2-1: Alpha – Delta', 'L1-1: Bravo – Charlie']);
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByTestId('result-reset-confirm').textContent).toBe('Reset 2 matches and save');
    fireEvent.click(screen.getByTestId('result-reset-confirm'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ homeStars: 2, resetLater: true }));
  });

  it('changing the result after the preview asks again (the plan was for the other result)', async () => {
    const { submit, dialog } = open(series('finished'));
    api.previewResult.mockResolvedValue({
      competition: 'swiss',
      corrected: true,
      resets: [
        { matchSeriesId: 'n-1', nodeId: 'R2-T1', roundNumber: 2, state: 'finished', home: 'A', away: 'B' },
      ],
      removedRounds: [2],
    });
    changeField(within(dialog).getByTestId('result-reason'), { target: { value: 'x' } });
    changeField(within(dialog).getByTestId('result-away-stars'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('result-save'));
    await waitFor(() => expect(screen.queryByTestId('reset-rounds')).not.toBeNull());
    changeField(within(dialog).getByTestId('result-away-stars'), { target: { value: '11' } });
    expect(screen.queryByTestId('reset-preview')).toBeNull();
    expect(screen.queryByTestId('result-save')).not.toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });

  it('a first result is not previewed and opens blank', async () => {
    const { submit, dialog } = open(series('scheduled'));
    expect(resultFormOf(series('scheduled'))).toMatchObject({ homeStars: '', homeDestruction: '' });
    changeField(within(dialog).getByTestId('result-home-stars'), { target: { value: '9' } });
    changeField(within(dialog).getByTestId('result-away-stars'), { target: { value: '1' } });
    changeField(within(dialog).getByTestId('result-reason'), { target: { value: 'log' } });
    fireEvent.click(screen.getByTestId('result-save'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ homeStars: 9, awayStars: 1, reason: 'log' }));
    expect(api.previewResult).not.toHaveBeenCalled();
  });
});

import type { MatchSeriesResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { StageCreateForm } from './stage-create-form';
import { RecordResultDialog } from './stage-result-dialog';

/** The requests the forms sent, and the server's next answer. */
const sent: { method: string; path: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { data: {} } };

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    }),
  );
}

const candidates = [
  { id: 'r-titans', name: 'Atlanta Titans', placement: 1 },
  { id: 'r-raiders', name: 'Nordic Raiders', placement: 2 },
  { id: 'r-fire', name: 'Friendly Fire', placement: null },
];

function renderCreate(segmentFormat: 'ladder' | 'swiss' | 'double_elimination' = 'double_elimination') {
  const onCreated = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <StageCreateForm
        segmentId="seg-1"
        segmentFormat={segmentFormat}
        candidates={candidates}
        onCreated={onCreated}
      />
    </I18nextProvider>,
  );
  return onCreated;
}

const seedOf = (name: string) => screen.getByRole('textbox', { name: `Seed of ${name}` });

describe('create stage form', () => {
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
    answer = { status: 200, body: { data: {} } };
  });

  it('prefills the seeds in placement order and sends them as the roster order', async () => {
    stubServer();
    answer = { status: 201, body: { data: {} } };
    const onCreated = renderCreate();
    expect(seedOf('Atlanta Titans')).toHaveProperty('value', '1');
    expect(seedOf('Friendly Fire')).toHaveProperty('value', '3');
    changeField(seedOf('Atlanta Titans'), { target: { value: '2' } });
    changeField(seedOf('Nordic Raiders'), { target: { value: '1' } });
    changeField(seedOf('Friendly Fire'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/tournaments/1.0/segments/seg-1/bracket',
        body: {
          data: { attributes: { format: 'double_elimination', rosterIds: ['r-raiders', 'r-titans'] } },
        },
      },
    ]);
  });

  it('refuses a seed given twice before calling the server', async () => {
    stubServer();
    renderCreate();
    changeField(seedOf('Friendly Fire'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Seed 1 is given to two teams. Each seed goes to one team.',
    );
    expect(sent).toEqual([]);
  });

  it('refuses a seed that is not a number, and a gap in the seeds', async () => {
    stubServer();
    renderCreate();
    changeField(seedOf('Friendly Fire'), { target: { value: 'three' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A seed must be a whole number from 1 up: “three” is not.',
    );
    changeField(seedOf('Friendly Fire'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Seed 3 is missing: number the 3 teams from 1 to 3.',
    );
    expect(sent).toEqual([]);
  });

  it('swiss: checks the rounds, then sends early exit wins and losses with the tiebreak order', async () => {
    stubServer();
    answer = { status: 201, body: { data: {} } };
    renderCreate('swiss');
    changeField(screen.getByRole('textbox', { name: 'Rounds' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Rounds must be a whole number from 1 to 20.',
    );
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Early exit at a number of wins or losses' }));
    changeField(screen.getByRole('textbox', { name: 'Wins to qualify' }), { target: { value: '2' } });
    changeField(screen.getByRole('textbox', { name: 'Losses to be out' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move Buchholz up' }));
    for (const name of ['Head-to-head', 'Star difference', 'Destruction difference', 'Seed']) {
      fireEvent.click(screen.getByRole('button', { name: `Remove ${name}` }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      data: {
        attributes: {
          format: 'swiss',
          rosterIds: ['r-titans', 'r-raiders', 'r-fire'],
          wins: 2,
          losses: 2,
          tiebreaks: ['buchholz', 'matchPoints'],
        },
      },
    });
  });

  it('shows the server refusal as a sentence, not the raw document', async () => {
    stubServer();
    answer = {
      status: 409,
      body: {
        errors: [
          {
            status: '409',
            code: 'CONFLICT',
            title: 'Conflict',
            detail: 'x',
            meta: { reason: 'BRACKET_EXISTS' },
          },
        ],
      },
    };
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: 'Create stage' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong: This segment already has a stage.');
    expect(alert.textContent).not.toContain('{');
  });
});

const series: MatchSeriesResource = {
  id: 'ms-1',
  type: 'match-series',
  attributes: {
    date: '2026-12-01T18:00:00Z',
    createdAt: '2026-11-25T10:00:00Z',
    state: 'scheduled',
    competitors: [
      {
        id: 'c1',
        side: 'home',
        roster: { id: 'r-titans', name: 'Atlanta Titans', displayName: 'Atlanta Titans', ownerId: 'u1' },
        displayName: 'Atlanta Titans',
        placement: null,
        result: { score: null, forfeit: false },
      },
      {
        id: 'c2',
        side: 'away',
        roster: { id: 'r-raiders', name: 'Nordic Raiders', displayName: 'Nordic Raiders', ownerId: 'u2' },
        displayName: 'Nordic Raiders',
        placement: null,
        result: { score: null, forfeit: false },
      },
    ],
    matches: [],
    timeDiffInMinutes: 60,
    bye: false,
    roundNumber: 1,
    bracket: 'upper',
    group: null,
    segment: { id: 'seg-1' },
    event: { id: 'ev-1' },
    matchUp: null,
    war: null,
    finishedAt: null,
  },
} as MatchSeriesResource;

function renderDialog() {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <RecordResultDialog series={series} onSaved={onSaved} onClose={onClose} />
    </I18nextProvider>,
  );
  return { onSaved, onClose };
}

describe('record result dialog', () => {
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
  });

  it('is a dialog named after the match, with labelled fields', () => {
    stubServer();
    renderDialog();
    expect(screen.queryByRole('dialog', { name: 'Result: Atlanta Titans – Nordic Raiders' })).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Stars of Atlanta Titans' })).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Destruction % of Nordic Raiders' })).not.toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Forfeit' })).not.toBeNull();
  });

  it('needs a reason and whole stars before calling the server', async () => {
    stubServer();
    renderDialog();
    changeField(screen.getByTestId('result-home-stars'), { target: { value: '15' } });
    changeField(screen.getByTestId('result-away-stars'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Give a reason for this result: it is kept in the activity log.',
    );
    changeField(screen.getByRole('textbox', { name: 'Reason (required)' }), {
      target: { value: 'Screenshot' },
    });
    changeField(screen.getByTestId('result-away-stars'), { target: { value: '151' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stars must be whole numbers from 0 to 150 for both teams.',
    );
    expect(sent).toEqual([]);
  });

  it('sends the result with the forfeit and reason to the results call', async () => {
    stubServer();
    answer = { status: 200, body: { data: {} } };
    const { onSaved } = renderDialog();
    changeField(screen.getByRole('combobox', { name: 'Forfeit' }), { target: { value: 'away' } });
    changeField(screen.getByRole('textbox', { name: 'Destruction % of Atlanta Titans' }), {
      target: { value: '55.5' },
    });
    changeField(screen.getByRole('textbox', { name: 'Reason (required)' }), {
      target: { value: 'No-show, confirmed by both captains' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/tournaments/1.0/match-series/ms-1/relationships/matches/results',
        body: {
          data: {
            attributes: {
              homeStars: 0,
              awayStars: 0,
              homeDestruction: 55.5,
              forfeit: 'away',
              reason: 'No-show, confirmed by both captains',
            },
          },
        },
      },
    ]);
  });

  it.each([
    [
      'BRACKET_RESULT_LOCKED',
      409,
      'Later matches of the bracket were already played, so this result can no longer change.',
    ],
    ['ROUND_CLOSED', 409, 'The next round already started, so this result can no longer change.'],
    ['BRACKET_DRAW', 400, 'A bracket match needs a winner: a true draw cannot be entered here.'],
    ['BRACKET_DOUBLE_FORFEIT', 400, 'A double forfeit cannot move the bracket: enter the winner.'],
  ])('a refused result (%s) stays in the dialog with a clear message', async (reason, status, words) => {
    stubServer();
    answer = {
      status,
      body: {
        errors: [
          {
            status: String(status),
            code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED',
            title: 'Refused',
            detail: 'raw detail',
            meta: { reason },
          },
        ],
      },
    };
    const { onSaved } = renderDialog();
    changeField(screen.getByTestId('result-home-stars'), { target: { value: '15' } });
    changeField(screen.getByTestId('result-away-stars'), { target: { value: '12' } });
    changeField(screen.getByRole('textbox', { name: 'Reason (required)' }), {
      target: { value: 'Fix' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Something went wrong: ${words}`);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

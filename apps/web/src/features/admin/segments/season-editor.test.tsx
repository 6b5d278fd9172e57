import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { SeasonEditor } from './season-editor';

const range = { from: '2026-05-01T14:00:00Z', to: '2026-05-31T23:00:00Z' };
const segment = (id: string, name: string, level: number) => ({
  id,
  type: 'segments',
  attributes: {
    name,
    level,
    date: range,
    stageCode: 'LADDER',
    eliminationType: 'ladder',
    registrationPhases: [{ name: 'Late registration', date: range, type: 'registration' }],
    rostersLimit: { limit: 128, standbyLimit: 0 },
    rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
    configuration: { thLevel: 17, phase: null },
    segmentCheckinsConfig: { enabled: false, openWindow: null },
  },
  relationships: {
    segmentType: { data: { type: 'segment-types', id: level === 0 ? 'container' : 'ladder' } },
  },
});
const event = {
  id: 'e-1',
  type: 'events',
  attributes: {
    name: 'Spring Cup',
    status: 'active',
    competition: 'championship',
    thLevels: [17],
    date: { from: '2026-04-01T00:00:00Z', to: '2026-06-30T23:00:00Z' },
  },
} as never;
let segmentList = [segment('th17', 'Championship TH17', 0), segment('mf', 'Monthly Finals', 1)];

describe('season editor', () => {
  const calls: { method: string; url: string; body?: string }[] = [];
  const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, ...(init?.body ? { body: String(init.body) } : {}) });
        if (method === 'DELETE') return new Response(null, { status: 204 });
        if (method === 'POST' && url.endsWith('/segments'))
          return new Response(JSON.stringify({ data: segment('new', 'x', 1) }), { status: 201 });
        if (method === 'PATCH') return json(segment('th17', 'Championship TH17', 0));
        if (url.includes('/supported-periods')) return json([]);
        if (url.includes('/advance-rules'))
          return json([
            { id: 'rule-1', type: 'advance-rules', attributes: { placements: [1, 2], nextSegmentId: 'mf' } },
          ]);
        if (url.includes('/registration-phases'))
          return json([
            {
              id: 'phase-1',
              type: 'registration-phases',
              attributes: { name: 'Late registration', date: range },
            },
          ]);
        return json(segmentList);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    segmentList = [segment('th17', 'Championship TH17', 0), segment('mf', 'Monthly Finals', 1)];
  });
  const renderEditor = () =>
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SeasonEditor eventId="e-1" event={event} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  const posted = () => {
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/events/e-1/segments'));
    return post ? JSON.parse(post.body!).data.attributes : null;
  };

  it('an empty event: says so and opens Add stage on a container at the event’s dates', async () => {
    segmentList = [];
    renderEditor();
    await screen.findByTestId('timeline-empty');
    const form = await screen.findByTestId('segment-create-form');
    expect(within(form).getByLabelText<HTMLSelectElement>('Format').value).toBe('container');
    changeField(within(form).getByLabelText('Stage name'), { target: { value: 'Spring Championship' } });
    fireEvent.click(within(form).getByTestId('segment-create'));
    await waitFor(() => expect(posted()).not.toBeNull());
    expect(posted()).toMatchObject({
      name: 'Spring Championship',
      parentId: null,
      type: 'container',
      eliminationType: 'ladder',
      registrationStatus: 'open',
      configuration: { thLevel: 17, phase: null },
      date: { from: '2026-04-01T00:00:00Z', to: '2026-06-30T23:00:00Z' },
      segmentCheckinsConfig: { enabled: false, openWindow: null },
    });
  });

  it('adds a double-elimination stage inside the container, with its limit and check-in window', async () => {
    renderEditor();
    fireEvent.click(await screen.findByTestId('segment-add-open'));
    const form = screen.getByTestId('segment-create-form');
    const field = (label: string) => within(form).getByLabelText(label);
    changeField(field('Stage name'), { target: { value: 'Spring Finals' } });
    changeField(field('Format'), { target: { value: 'double_elimination' } });
    expect((field('Part of') as HTMLSelectElement).value).toBe('th17');
    expect((field('Roster limit') as HTMLInputElement).value).toBe('8');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Check-in window' }));
    changeField(field('Check-in opens (GMT)'), { target: { value: '2026-05-20T18:00' } });
    fireEvent.click(within(form).getByTestId('segment-create'));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Enter when the check-in opens and when it closes.',
    );
    changeField(field('Check-in closes (GMT)'), { target: { value: '2026-05-20T19:00' } });
    fireEvent.click(within(form).getByTestId('segment-create'));
    await waitFor(() => expect(posted()).not.toBeNull());
    expect(posted()).toMatchObject({
      name: 'Spring Finals',
      parentId: 'th17',
      type: 'double_elimination',
      eliminationType: 'double_elimination',
      stageCode: 'MF',
      rostersLimit: { limit: 8, standbyLimit: 0 },
      date: range,
      segmentCheckinsConfig: {
        enabled: true,
        openWindow: { from: '2026-05-20T18:00:00Z', to: '2026-05-20T19:00:00Z' },
      },
    });
  });

  it('saves a stage’s check-in window from its editor', async () => {
    renderEditor();
    const [editor] = await screen.findAllByTestId('segment-editor');
    const form = within(editor!).getByTestId('checkin-window-form');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Check-in window' }));
    changeField(within(form).getByLabelText('Check-in opens (GMT)'), {
      target: { value: '2026-05-02T10:00' },
    });
    changeField(within(form).getByLabelText('Check-in closes (GMT)'), {
      target: { value: '2026-05-02T12:00' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the check-in window' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body!).data.attributes).toEqual({
      segmentCheckinsConfig: {
        enabled: true,
        openWindow: { from: '2026-05-02T10:00:00Z', to: '2026-05-02T12:00:00Z' },
      },
    });
  });

  it('lists each phase and rule with a Remove button that deletes that one', async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SeasonEditor eventId="e-1" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const removeRule = (await screen.findAllByRole('button', { name: 'Remove 1, 2 → Monthly Finals' }))[0]!;
    expect(
      screen.getAllByRole('button', {
        name: 'Remove Late registration (1 May 2026, 14:00 GMT → 31 May 2026, 23:00 GMT)',
      }),
    ).not.toHaveLength(0);
    fireEvent.click(removeRule);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const deleted = calls.find((c) => c.method === 'DELETE')!;
    expect(deleted.url).toMatch(/\/events\/e-1\/segments\/th17\/advance-rules\/rule-1$/);
  });

  it('saves the roster sizes and limits with the dates in one PATCH', async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <MemoryRouter>
          <SeasonEditor eventId="e-1" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const [editor] = await screen.findAllByTestId('segment-editor');
    const field = (label: string) => within(editor!).getByLabelText(label);
    changeField(field('Minimum players per roster'), { target: { value: '4' } });
    changeField(field('Standby players per roster'), { target: { value: '2' } });
    changeField(field('Roster limit'), { target: { value: '64' } });
    fireEvent.click(within(editor!).getByTestId('segment-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(patch.body!).data.attributes).toMatchObject({
      date: range,
      rostersLimit: { limit: 64, standbyLimit: 2 },
      rosterSize: { playersMin: 4, playersMax: 5, coachesMax: 0 },
    });
  });
});

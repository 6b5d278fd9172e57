import type { EventResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { formatPlacements, PrizesForm, parsePlacements } from './prizes-form';

describe('placements text', () => {
  it('reads one placement or range per line, blank lines skipped', () => {
    expect(parsePlacements('1=300000\n\n 3 - 4 = 50000 \n')).toEqual([
      { placement: 1, placementTo: 1, amount: 300_000 },
      { placement: 3, placementTo: 4, amount: 50_000 },
    ]);
    expect(parsePlacements('')).toEqual([]);
  });

  it('names the first line it cannot read', () => {
    expect(parsePlacements('1=10\nfirst=5\n2=x')).toEqual({ badLine: 2 });
    expect(parsePlacements('1=-5')).toEqual({ badLine: 1 });
  });

  it('writes back what it reads', () => {
    const text = '1=300000\n3-4=50000';
    const parsed = parsePlacements(text);
    expect(Array.isArray(parsed) && formatPlacements(parsed)).toBe(text);
  });
});

const event = {
  id: 'event-1',
  type: 'events',
  attributes: {
    name: 'Spring Open',
    status: 'active',
    date: { from: '2026-04-01T00:00:00Z', to: '2026-04-30T23:59:59Z' },
    competition: 'championship',
    thLevels: [17],
    prizes: null,
  },
} as EventResource;

describe('prizes form', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: event }), { status: 200 }));
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  const renderForm = (onSaved = vi.fn()) => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <PrizesForm event={event} onSaved={onSaved} />
      </I18nextProvider>,
    );
    return onSaved;
  };

  it('sends the event unchanged with its prizes in one PUT', async () => {
    const onSaved = renderForm();
    changeField(screen.getByLabelText('Prize pool'), { target: { value: '700000' } });
    changeField(screen.getByLabelText('Championship Finals prize pool'), {
      target: { value: '700000' },
    });
    changeField(screen.getByLabelText(/Prize per placement/), { target: { value: '1=300000' } });
    fireEvent.submit(screen.getByTestId('prizes-form'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/events/event-1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body)).data.attributes).toEqual({
      name: 'Spring Open',
      status: 'active',
      date: event.attributes.date,
      competition: 'championship',
      thLevels: [17],
      prizes: {
        currency: 'USD',
        pool: 700_000,
        monthlyFinalsPool: null,
        championshipFinalsPool: 700_000,
        placements: [{ placement: 1, placementTo: 1, amount: 300_000 }],
      },
    });
  });

  it('sends nothing while a placement line cannot be read', async () => {
    const onSaved = renderForm();
    changeField(screen.getByLabelText('Prize pool'), { target: { value: '10' } });
    changeField(screen.getByLabelText(/Prize per placement/), { target: { value: 'first=10' } });
    fireEvent.submit(screen.getByTestId('prizes-form'));
    expect((await screen.findByRole('alert')).textContent).toContain('Line 1');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

import type { EventResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { EventCreateForm, EventDeleteButton } from './event-create-form';

describe('the admin creates and deletes events in the console', () => {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ data: { id: 'e-new' } }), { status: 201 }),
  );
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });
  const renderIn = (node: React.ReactNode) =>
    render(<I18nextProvider i18n={initI18n()}>{node}</I18nextProvider>);

  it('creates a town hall cup with its three levels, dates read as GMT', async () => {
    const onCreated = vi.fn();
    renderIn(<EventCreateForm onCreated={onCreated} />);
    changeField(screen.getByLabelText('Event name'), { target: { value: ' Winter Cup ' } });
    changeField(screen.getByLabelText('Competition'), { target: { value: 'townHallCup' } });
    changeField(screen.getByLabelText('Starts (GMT)'), { target: { value: '2027-01-01T10:00' } });
    changeField(screen.getByLabelText('Ends (GMT)'), { target: { value: '2027-01-31T22:00' } });
    fireEvent.submit(screen.getByTestId('event-create-form'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/tournaments\/1\.0\/events$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body)).data.attributes).toEqual({
      name: 'Winter Cup',
      status: 'active',
      date: { from: '2027-01-01T10:00:00Z', to: '2027-01-31T22:00:00Z' },
      competition: 'townHallCup',
      thLevels: [9, 12, 15],
    });
    expect(screen.getByRole('status').textContent).toBe('Event created: Winter Cup');
  });

  it('sends nothing without valid dates', async () => {
    renderIn(<EventCreateForm onCreated={vi.fn()} />);
    changeField(screen.getByLabelText('Event name'), { target: { value: 'No dates' } });
    fireEvent.submit(screen.getByTestId('event-create-form'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid date and time.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deletes only after the second, explicit click', async () => {
    const onDeleted = vi.fn();
    const event = { id: 'e-1', type: 'events', attributes: { name: 'Old Cup' } } as EventResource;
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderIn(<EventDeleteButton event={event} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    expect(screen.getByTestId('event-delete-confirm').textContent).toContain('Delete Old Cup with all');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/events\/e-1$/);
    expect(init.method).toBe('DELETE');
  });
});

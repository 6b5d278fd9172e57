import type { AnnouncementSettingsDocument } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { AnnouncementsForm } from './announcements-form';

const MASKED = 'https://discord.com/api/webhooks/123456789012345678/••••WXYZ';
const settings = (attributes: Partial<AnnouncementSettingsDocument['data']['attributes']> = {}) => ({
  data: {
    id: 'event-1',
    type: 'event-announcements',
    attributes: {
      webhookUrl: MASKED,
      locale: 'fr',
      lastDeliveredAt: null,
      lastFailure: {
        at: '2026-03-15T12:00:00Z',
        status: 404,
        detail: 'HTTP 404: Unknown Webhook',
      },
      recent: [
        {
          id: 'a-1',
          kind: 'finalsResult',
          status: 'failed',
          attempts: 1,
          lastStatus: 404,
          lastError: 'HTTP 404: Unknown Webhook',
          createdAt: '2026-03-15T12:00:00Z',
          sentAt: null,
        },
      ],
      ...attributes,
    },
  },
});

describe('the event’s announcements to the community’s chat in the console', () => {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = init?.method === 'PUT' ? settings({ lastFailure: null, recent: [] }) : settings();
    return new Response(JSON.stringify(body), { status: 200 });
  });
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });
  const show = () =>
    render(
      <I18nextProvider i18n={initI18n()}>
        <AnnouncementsForm eventId="event-1" />
      </I18nextProvider>,
    );
  const calls = () => fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];

  it('shows the webhook masked, the language, and the last failure with its reason', async () => {
    show();
    await waitFor(() => expect(screen.queryByText(`Current webhook: ${MASKED}`)).not.toBeNull());
    expect((screen.getByLabelText('Language of the messages') as HTMLSelectElement).value).toBe('fr');
    expect(screen.getByRole('alert').textContent).toContain('HTTP 404: Unknown Webhook');
    expect(screen.getByTestId('announcements-recent').textContent).toContain(
      'Finals result · Failed · Attempts: 1',
    );
  });

  it('saves a new address with the language, then clears the field', async () => {
    show();
    await screen.findByText(`Current webhook: ${MASKED}`);
    const field = screen.getByLabelText('Discord webhook address') as HTMLInputElement;
    changeField(field, { target: { value: ' https://discord.com/api/webhooks/1/new-token ' } });
    fireEvent.change(screen.getByLabelText('Language of the messages'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('The announcement settings are saved.')).not.toBeNull());
    const [url, init] = calls().find(([, i]) => i?.method === 'PUT')!;
    expect(url).toContain('/events/event-1/announcements');
    expect(JSON.parse(String(init!.body)).data.attributes).toEqual({
      webhookUrl: 'https://discord.com/api/webhooks/1/new-token',
      locale: 'de',
    });
    expect(field.value).toBe('');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('an empty address keeps the webhook: only the language is sent', async () => {
    show();
    await screen.findByText(`Current webhook: ${MASKED}`);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The announcement settings are saved.');
    const [, init] = calls().find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body)).data.attributes).toEqual({ locale: 'fr' });
  });

  it('sends a test message', async () => {
    show();
    await screen.findByText(`Current webhook: ${MASKED}`);
    fireEvent.click(screen.getByRole('button', { name: 'Send a test message' }));
    await waitFor(() => expect(screen.queryByText('The test message is on its way.')).not.toBeNull());
    const [url, init] = calls().find(([, i]) => i?.method === 'POST')!;
    expect(url).toContain('/events/event-1/announcements/test');
    expect(init!.method).toBe('POST');
  });

  it('without a webhook it says so, offers no test, and cannot save an empty address', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify(settings({ webhookUrl: null, lastFailure: null, recent: [] })), {
          status: 200,
        }),
    );
    show();
    await waitFor(() => expect(screen.queryByText('No webhook is set.')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Send a test message' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

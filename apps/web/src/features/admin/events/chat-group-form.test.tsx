import type { EventResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { ChatGroupForm } from './chat-group-form';

const event = {
  id: 'event-1',
  type: 'events',
  attributes: {
    name: 'Spring Open',
    status: 'active',
    date: { from: '2026-04-01T00:00:00Z', to: '2026-04-30T23:59:59Z' },
    competition: 'championship',
    thLevels: [17],
    chatGroupUrl: 'https://weixin.qq.com/g/old',
  },
} as EventResource;

describe('the event’s chat group link in the console', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: event }), { status: 200 }));
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  const submitWith = async (value: string) => {
    const onSaved = vi.fn();
    render(
      <I18nextProvider i18n={initI18n()}>
        <ChatGroupForm event={event} onSaved={onSaved} />
      </I18nextProvider>,
    );
    expect((screen.getByLabelText('Group invite link') as HTMLInputElement).value).toBe(
      'https://weixin.qq.com/g/old',
    );
    changeField(screen.getByLabelText('Group invite link'), { target: { value } });
    fireEvent.submit(screen.getByTestId('chat-group-form'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/events/event-1');
    expect(init.method).toBe('PUT');
    return JSON.parse(String(init.body)).data.attributes;
  };

  it('sends the event unchanged with the new link in one PUT', async () => {
    expect(await submitWith(' https://weixin.qq.com/g/new ')).toEqual({
      name: 'Spring Open',
      status: 'active',
      date: event.attributes.date,
      competition: 'championship',
      thLevels: [17],
      chatGroupUrl: 'https://weixin.qq.com/g/new',
    });
    expect(screen.getByRole('status').textContent).toBe('The group link is saved.');
  });

  it('an empty link removes the group', async () => {
    expect((await submitWith('')).chatGroupUrl).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('The group link is removed.');
  });
});

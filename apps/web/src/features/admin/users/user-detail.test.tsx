import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { UserDetail } from './user-detail';

const U = '/api/users/1.0/users/user-1';
const emails = [
  {
    id: 'e1',
    type: 'email-addresses',
    attributes: {
      email: 'alt@example.com',
      verified: false,
      verifiedAt: null,
      expiresAt: '2026-03-16T12:00:00Z',
      createdAt: '2026-03-15T12:00:00Z',
    },
  },
];
const phones = [
  {
    id: 'p1',
    type: 'phone-numbers',
    attributes: {
      phone: '+33612345678',
      verified: true,
      verifiedAt: '2026-03-15T12:05:00Z',
      expiresAt: null,
      createdAt: '2026-03-15T12:00:00Z',
    },
  },
];
const accounts = [
  {
    id: 'g1',
    type: 'game-accounts',
    attributes: { provider: 'coc', playerTag: '#2PP', username: 'Chief', createdAt: '2026-03-15T12:00:00Z' },
  },
];

function respond(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  if (method === 'GET' && url.endsWith('/email-addresses')) return json({ data: emails });
  if (method === 'GET' && url.endsWith('/phone-numbers')) return json({ data: phones });
  if (method === 'GET' && url.endsWith('/game-accounts')) return json({ data: accounts });
  if (method === 'PATCH' && url.includes('/profiles/user-1/avatar'))
    return json({ data: { id: 'img', type: 'images', attributes: { url: '/api/users/1.0/avatars/img-2' } } });
  if (method === 'PATCH' && url.includes('/game-accounts/g1')) return json({ data: accounts[0] });
  if (method === 'POST' && url.endsWith('/phone-numbers'))
    return json(
      {
        errors: [
          {
            status: '400',
            code: 'VALIDATION_FAILED',
            title: 'Validation failed',
            detail: 'an international number',
          },
        ],
      },
      400,
    );
  if (method === 'POST' || method === 'DELETE')
    return new Response(null, { status: method === 'DELETE' ? 204 : 200 });
  return json({ errors: [] }, 404);
}

describe('user detail (console)', () => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });
  const show = async (avatarUrl: string | null = '/api/users/1.0/avatars/img-1') => {
    const i18n = await initI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <UserDetail userId="user-1" avatarUrl={avatarUrl} />
      </I18nextProvider>,
    );
    await screen.findByText('alt@example.com');
  };
  const calls = (method: string) =>
    fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => String(url));

  it('shows the avatar, the addresses with their state, the phones and the game accounts', async () => {
    await show();
    expect(screen.getByTestId('user-avatar').getAttribute('src')).toBe('/api/users/1.0/avatars/img-1');
    const email = screen.getByTestId('user-email');
    expect(email.textContent).toMatch(/Not verified, code valid until/);
    const phone = screen.getByTestId('user-phone');
    expect(phone.textContent).toContain('Verified');
    expect(phone.textContent).not.toContain('Not verified');
    // A verified number has nothing to resend.
    expect(within(phone).queryByRole('button', { name: 'Resend verification' })).toBeNull();
    expect((screen.getByDisplayValue('Chief') as HTMLInputElement).value).toBe('Chief');
  });

  it('resends a verification link, renames and deletes a game account', async () => {
    await show();
    fireEvent.click(
      within(screen.getByTestId('user-email')).getByRole('button', { name: 'Resend verification' }),
    );
    await waitFor(() => expect(calls('POST')).toContain(`${U}/email-addresses/e1/resend`));

    changeField(screen.getByDisplayValue('Chief'), { target: { value: 'Chief Two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PATCH')).toContain(`${U}/game-accounts/g1`));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ data: { attributes: { username: 'Chief Two' } } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE')).toContain(`${U}/game-accounts/g1`));
  });

  it('adds a game account and shows the server’s refusal of a phone number', async () => {
    await show(null);
    expect(screen.queryByText('No avatar')).not.toBeNull();
    changeField(screen.getByTestId('new-account-name'), { target: { value: 'Alt' } });
    changeField(screen.getByTestId('new-account-tag'), { target: { value: '#9LQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the game account' }));
    await waitFor(() => expect(calls('POST')).toContain(`${U}/game-accounts`));

    changeField(screen.getByLabelText('New phone number (international format)'), {
      target: { value: '555' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add and send a code' }));
    expect((await screen.findByRole('alert')).textContent).toContain('an international number');
  });

  it('uploads the chosen file as the request body and shows the new avatar', async () => {
    await show(null);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    changeField(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId('user-avatar').getAttribute('src')).toBe('/api/users/1.0/avatars/img-2'),
    );
    const upload = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'PATCH' && String(url).includes('/avatar'),
    )!;
    expect(upload[1]!.body).toBe(file);
    expect((upload[1]!.headers as Record<string, string>)['content-type']).toBe('image/png');
  });
});

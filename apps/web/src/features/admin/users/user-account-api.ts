import type { EmailAddressResource, GameAccountResource, PhoneNumberResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import {
  ApiError,
  api,
  buildUrl,
  parseErrors,
  type RequestOptions,
  tenantHeaders,
} from '../../../lib/api-client';
import { adminToken, signOut } from '../console/admin-session';

const U = API.users;
const body = (attributes: object) => ({ data: { attributes } });
interface List<T> {
  data: T[];
}
interface One<T> {
  data: T;
}

async function call<R>(run: (options: RequestOptions) => Promise<R>): Promise<R> {
  try {
    return await run({ headers: { authorization: `Bearer ${adminToken() ?? ''}` } });
  } catch (error) {
    if ((error as { status?: number }).status === 401) signOut();
    throw error;
  }
}

/** A user's e-mail addresses, phone numbers, game accounts and profile avatar (support and admins). */
export const userAccountApi = {
  /** The language of the user's mails (null: the language of their own requests, else English). */
  setLocale: (id: string, locale: string | null) =>
    call((o) => api.patch<unknown>(`${U}/users/${id}`, body({ locale }), o)),
  emails: (id: string) =>
    call((o) => api.get<List<EmailAddressResource>>(`${U}/users/${id}/email-addresses`, o)),
  addEmail: (id: string, email: string) =>
    call((o) => api.post<One<EmailAddressResource>>(`${U}/users/${id}/email-addresses`, body({ email }), o)),
  resendEmail: (id: string, addressId: string) =>
    call((o) => api.post<unknown>(`${U}/users/${id}/email-addresses/${addressId}/resend`, undefined, o)),
  phones: (id: string) =>
    call((o) => api.get<List<PhoneNumberResource>>(`${U}/users/${id}/phone-numbers`, o)),
  addPhone: (id: string, phone: string) =>
    call((o) => api.post<One<PhoneNumberResource>>(`${U}/users/${id}/phone-numbers`, body({ phone }), o)),
  resendPhone: (id: string, phoneId: string) =>
    call((o) => api.post<unknown>(`${U}/users/${id}/phone-numbers/${phoneId}/resend`, undefined, o)),
  gameAccounts: (id: string) =>
    call((o) => api.get<List<GameAccountResource>>(`${U}/users/${id}/game-accounts`, o)),
  addGameAccount: (id: string, username: string, playerTag: string) =>
    call((o) =>
      api.post<One<GameAccountResource>>(`${U}/users/${id}/game-accounts`, body({ username, playerTag }), o),
    ),
  renameGameAccount: (id: string, accountId: string, username: string) =>
    call((o) =>
      api.patch<One<GameAccountResource>>(
        `${U}/users/${id}/game-accounts/${accountId}`,
        body({ username }),
        o,
      ),
    ),
  deleteGameAccount: (id: string, accountId: string) =>
    call((o) => api.delete<unknown>(`${U}/users/${id}/game-accounts/${accountId}`, o)),
  removeAvatar: (id: string) => call((o) => api.delete<unknown>(`${U}/profiles/${id}/avatar`, o)),

  /** The file's bytes as the body: the server sniffs the type, strips metadata and stores it. */
  async uploadAvatar(id: string, file: Blob): Promise<{ data: { attributes: { url: string } } }> {
    const path = `${U}/profiles/${id}/avatar`;
    const response = await fetch(buildUrl(path), {
      method: 'PATCH',
      headers: {
        ...tenantHeaders(),
        accept: 'application/vnd.api+json',
        'content-type': file.type || 'application/octet-stream',
        authorization: `Bearer ${adminToken() ?? ''}`,
      },
      body: file,
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      if (response.status === 401) signOut();
      throw new ApiError(response.status, 'PATCH', path, parseErrors(parsed, response.status), parsed);
    }
    return parsed as { data: { attributes: { url: string } } };
  },
};

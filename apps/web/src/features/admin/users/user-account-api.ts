import type {
  EmailAddressDocument,
  EmailAddressListDocument,
  GameAccountDocument,
  GameAccountListDocument,
  ImageDocument,
  PhoneNumberDocument,
  PhoneNumberListDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { attributesBody as body } from '../../../lib/api-client';
import { consoleApi } from '../console/admin-session';

const U = API.users;

/** A user's e-mail addresses, phone numbers, game accounts and profile avatar (support and admins). */
export const userAccountApi = {
  /** The language of the user's mails (null: the language of their own requests, else English). */
  setLocale: (id: string, locale: string | null) =>
    consoleApi.patch<unknown>(`${U}/users/${id}`, body({ locale })),
  emails: (id: string) => consoleApi.get<EmailAddressListDocument>(`${U}/users/${id}/email-addresses`),
  addEmail: (id: string, email: string) =>
    consoleApi.post<EmailAddressDocument>(`${U}/users/${id}/email-addresses`, body({ email })),
  resendEmail: (id: string, addressId: string) =>
    consoleApi.post<unknown>(`${U}/users/${id}/email-addresses/${addressId}/resend`, undefined),
  phones: (id: string) => consoleApi.get<PhoneNumberListDocument>(`${U}/users/${id}/phone-numbers`),
  addPhone: (id: string, phone: string) =>
    consoleApi.post<PhoneNumberDocument>(`${U}/users/${id}/phone-numbers`, body({ phone })),
  resendPhone: (id: string, phoneId: string) =>
    consoleApi.post<unknown>(`${U}/users/${id}/phone-numbers/${phoneId}/resend`, undefined),
  gameAccounts: (id: string) => consoleApi.get<GameAccountListDocument>(`${U}/users/${id}/game-accounts`),
  addGameAccount: (id: string, username: string, playerTag: string) =>
    consoleApi.post<GameAccountDocument>(`${U}/users/${id}/game-accounts`, body({ username, playerTag })),
  renameGameAccount: (id: string, accountId: string, username: string) =>
    consoleApi.patch<GameAccountDocument>(`${U}/users/${id}/game-accounts/${accountId}`, body({ username })),
  deleteGameAccount: (id: string, accountId: string) =>
    consoleApi.delete<unknown>(`${U}/users/${id}/game-accounts/${accountId}`),
  removeAvatar: (id: string) => consoleApi.delete<unknown>(`${U}/profiles/${id}/avatar`),

  /** The file's bytes as the body: the server sniffs the type, strips metadata and stores it. */
  uploadAvatar: (id: string, file: Blob) =>
    consoleApi.patch<ImageDocument>(`${U}/profiles/${id}/avatar`, file),
};

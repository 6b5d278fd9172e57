import type { AdminUserResource } from '@cwh/contract';
import { isLocale } from '@cwh/domain';
import { isoSeconds } from '../../http/jsonapi.js';
import type { UserRow } from '../auth/user-repository.js';

export function toAdminUserResource(
  user: UserRow,
  organizerEventIds: string[],
  alias: string,
  avatarUrl: string | null = null,
): AdminUserResource {
  return {
    id: user.id,
    type: 'users',
    attributes: {
      alias,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      permissions: user.permissions,
      organizerEventIds,
      suspended: user.suspendedAt !== null,
      suspendedAt: user.suspendedAt ? isoSeconds(user.suspendedAt) : null,
      suspensionReason: user.suspensionReason,
      createdAt: isoSeconds(user.createdAt),
      avatarUrl,
      locale: isLocale(user.locale) ? user.locale : null,
    },
  };
}

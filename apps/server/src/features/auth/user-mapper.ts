import type { UserResource } from '@cwh/contract';
import type { UserRow } from './user-repository.js';

export function toUserResource(user: UserRow, gameAccounts: { username: string }[] = []): UserResource {
  return {
    id: user.id,
    type: 'users',
    attributes: {
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      email: user.email,
      dateOfBirth: user.dateOfBirth,
      permissions: user.permissions,
      // Avatars are not stored yet; game accounts are the linked players.
      profiles: [{ username: user.username, avatar: { template: null } }],
      avatar: { default: null },
      gameAccounts: gameAccounts.map((account) => ({ username: account.username })),
    },
  };
}

import type { UserResource } from '@cwh/contract';
import type { UserRow } from './user-repository.js';

export function toUserResource(user: UserRow): UserResource {
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
      // Profiles, avatars and game accounts get their own tables with the users feature.
      profiles: [{ username: user.username, avatar: { template: null } }],
      avatar: { default: null },
      gameAccounts: [],
    },
  };
}

import type { UserResource } from '@cwh/contract';
import type { UserRow } from './user-repository.js';

/** `avatars`: the served URLs of the user's own avatar and of their (one) profile's avatar. */
export function toUserResource(
  user: UserRow,
  gameAccounts: { username: string }[] = [],
  avatars: { avatar: string | null; profile: string | null } = { avatar: null, profile: null },
): UserResource {
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
      // One profile per user (its id is the user's); game accounts are the linked players.
      profiles: [
        {
          username: user.username ?? gameAccounts[0]?.username ?? null,
          avatar: { template: avatars.profile ?? avatars.avatar },
        },
      ],
      avatar: { default: avatars.avatar },
      gameAccounts: gameAccounts.map((account) => ({ username: account.username })),
    },
  };
}

import { fullName, userAlias } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { createUserRepository } from './user-repository.js';

export interface UserNames {
  /** Spec 3 alias: game account username, username, full name, else e-mail. */
  alias: string;
  fullName: string | null;
}

/**
 * How users are named wherever staff see them (console users, activity log): the spec 3 alias of
 * each user, read in two queries whatever the number of users.
 */
export function createUserAliases(db: Executor) {
  const repo = createUserRepository(db);
  return async function namesOf(userIds: readonly string[]): Promise<Map<string, UserNames>> {
    const { people, accounts } = await repo.aliasSourcesOf([...new Set(userIds)]);
    return new Map(
      people.map((person) => {
        const gameAccounts = accounts
          .filter((account) => account.userId === person.id)
          .map((account) => ({ username: account.username }));
        const alias = userAlias({ ...person, profiles: [], gameAccounts });
        return [person.id, { alias, fullName: fullName(person) ?? null }];
      }),
    );
  };
}

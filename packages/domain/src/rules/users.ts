import type { Instant } from '../entities/common.js';
import type { User } from '../entities/user.js';
import { toMillis } from '../time/instant.js';

function nonEmpty(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** First and last name joined; undefined when both are missing. */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | undefined {
  const parts = [nonEmpty(user.firstName), nonEmpty(user.lastName)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

type AliasSource = Pick<User, 'profiles' | 'gameAccounts' | 'username' | 'firstName' | 'lastName' | 'email'>;

/** Spec 3 alias fallback: profile username, game account username, username, full name, e-mail. */
export function userAlias(user: AliasSource): string {
  return (
    nonEmpty(user.profiles[0]?.username) ??
    nonEmpty(user.gameAccounts[0]?.username) ??
    nonEmpty(user.username) ??
    fullName(user) ??
    nonEmpty(user.email) ??
    ''
  );
}

/** Whole years between dateOfBirth and now, in UTC; null when the date is missing or invalid. */
export function ageInYears(dateOfBirth: string | null | undefined, now: Instant): number | null {
  if (!dateOfBirth) return null;
  const birth = new Date(toMillis(dateOfBirth));
  const at = new Date(toMillis(now));
  if (Number.isNaN(birth.getTime()) || Number.isNaN(at.getTime())) return null;
  let age = at.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    at.getUTCMonth() < birth.getUTCMonth() ||
    (at.getUTCMonth() === birth.getUTCMonth() && at.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return Math.max(0, age);
}

/** Permissions as shown in admin lists. */
export function formatPermissions(user: Pick<User, 'permissions'>): string {
  return user.permissions.join(', ');
}

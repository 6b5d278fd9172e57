import { hasRole } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createOrganizerRepository } from '../access/organizer-repository.js';
import type { Audited, RecordActivity } from '../activity-log/audit.js';
import { generateToken, hashToken } from '../auth/opaque-token.js';
import type { NewUser, UserRow } from '../auth/user-repository.js';
import { hubLink, mailLocale, mailText } from '../mail/mail-texts.js';
import type { Mailer } from '../mail/mailer.js';
import { notifyAccountSuspended } from '../notices/account-notices.js';
import { createPasswordResetRepository } from './password-reset-repository.js';
import { createUserAdminRepository } from './user-admin-repository.js';

/** Reset links are short-lived: long enough to open the mail, short enough to be useless when leaked. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

export interface UserPatch {
  email?: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  permissions?: string[];
  organizerEventIds?: string[];
  locale?: string | null;
}

/** What the activity log keeps of a user: never the password hash. */
export function auditedUser(row: UserRow) {
  const { passwordHash: _secret, ...rest } = row;
  return rest;
}

export function createUserAdminService(db: Db, audited: Audited, mailer: Mailer, now: () => Date) {
  const repo = createUserAdminRepository(db);
  const resets = createPasswordResetRepository(db);
  const organizers = createOrganizerRepository(db);

  /** Support may not act on an admin's account, nobody on their own through the console. */
  async function lockTarget(request: FastifyRequest, id: string, tx: Tx): Promise<UserRow> {
    const target = await repo.lock(id, tx);
    const caller = request.user!;
    if (caller.id === id) throw new DomainError('CONFLICT', 'Use the account settings for your own account');
    if (hasRole(target.permissions, 'admin') && !hasRole(caller.permissions, 'admin'))
      throw new DomainError('FORBIDDEN', 'Only an admin may change an admin account');
    return target;
  }

  /**
   * Creates a reset token and queues its mail; returns the sender to run after the commit. The mail
   * goes to the account's own address only, in the user's language (stored, else `acceptLanguage`
   * of the user's own request), with an absolute link to the hub's public address (PUBLIC_URL).
   */
  async function issueReset(user: UserRow, tx: Tx, record: RecordActivity, acceptLanguage?: string) {
    const token = generateToken();
    const expiresAt = new Date(now().getTime() + PASSWORD_RESET_TTL_MS);
    await resets.replace(user.id, hashToken(token), expiresAt, tx);
    const locale = mailLocale(user.locale, acceptLanguage);
    await record({
      action: 'user.password-reset.request',
      targetType: 'users',
      targetId: user.id,
      after: { to: user.email, locale },
    });
    const link = hubLink(
      mailer.publicUrl,
      locale,
      `/admin/password-reset?token=${encodeURIComponent(token)}`,
    );
    const mail = mailText(locale, 'passwordReset', {
      link,
      code: token,
      minutes: PASSWORD_RESET_TTL_MS / 60_000,
    });
    return mailer.queue({ to: user.email, ...mail }, tx);
  }

  async function patchUser(request: FastifyRequest, id: string, patch: UserPatch): Promise<UserRow> {
    const send = await audited(request, async (tx, record) => {
      const before = await lockTarget(request, id, tx);
      if (patch.email && (await repo.emailTaken(patch.email, id, tx)))
        throw new DomainError('CONFLICT', 'Another user has this e-mail address', {
          source: { pointer: '/data/attributes/email' },
        });
      const { organizerEventIds, ...columns } = patch;
      const set: Partial<NewUser> = {
        ...columns,
        ...(patch.email ? { email: patch.email.toLowerCase() } : {}),
      };
      const after = await repo.update(id, set, tx);
      if (organizerEventIds) await organizers.setForUser(id, organizerEventIds, tx);
      await record({
        action: 'user.update',
        targetType: 'users',
        targetId: id,
        before: auditedUser(before),
        after: { ...auditedUser(after), ...(organizerEventIds ? { organizerEventIds } : {}) },
      });
      return after;
    });
    return send;
  }

  async function setSuspended(request: FastifyRequest, id: string, reason: string | null): Promise<UserRow> {
    return audited(request, async (tx, record, uow) => {
      const before = await lockTarget(request, id, tx);
      const after = await repo.update(
        id,
        reason === null
          ? { suspendedAt: null, suspensionReason: null }
          : { suspendedAt: now(), suspensionReason: reason },
        tx,
      );
      if (reason !== null) await repo.revokeTokens(id, tx);
      // Told once, when the account becomes suspended (a new reason on a suspended one is not news).
      if (reason !== null && !before.suspendedAt)
        await notifyAccountSuspended(db, uow, { tenant: request.tenant, userId: id }, after.suspendedAt!);
      await record({
        action: reason === null ? 'user.unsuspend' : 'user.suspend',
        targetType: 'users',
        targetId: id,
        before: { suspendedAt: before.suspendedAt, suspensionReason: before.suspensionReason },
        after: { suspendedAt: after.suspendedAt, suspensionReason: after.suspensionReason },
      });
      return after;
    });
  }

  async function sendPasswordReset(request: FastifyRequest, id: string): Promise<void> {
    const send = await audited(request, async (tx, record) =>
      issueReset(await lockTarget(request, id, tx), tx, record),
    );
    await send();
  }

  async function deleteUser(request: FastifyRequest, id: string): Promise<void> {
    await audited(request, async (tx, record) => {
      const before = await lockTarget(request, id, tx);
      await repo.delete(id, tx);
      await record({ action: 'user.delete', targetType: 'users', targetId: id, before: auditedUser(before) });
    });
  }

  return { patchUser, setSuspended, sendPasswordReset, deleteUser, issueReset };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;

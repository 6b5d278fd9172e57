import { randomInt } from 'node:crypto';
import { hasRole } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { normalizeTag } from '../../game/tags.js';
import type { Audited, RecordActivity } from '../activity-log/audit.js';
import { generateToken, hashToken } from '../auth/opaque-token.js';
import { createMailOutboxRepository } from '../mail/mail-outbox-repository.js';
import { hubLink, mailLocale, mailText } from '../mail/mail-texts.js';
import type { Mailer } from '../mail/mailer.js';
import { createUserAdminRepository } from './user-admin-repository.js';
import {
  createUserContactsRepository,
  type EmailAddressRow,
  type PhoneNumberRow,
} from './user-contacts-repository.js';

/** A verification link lives a day; a phone code ten minutes (spec §3: phone codes expire). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** The hub has no SMS provider: phone codes are recorded to the outbox under this address prefix. */
export const SMS_OUTBOX_PREFIX = 'sms:';

/** What the activity log keeps of an address or number: never the verification hash. */
const audited = <T extends { verificationHash: string | null }>(row: T) => {
  const { verificationHash: _secret, ...rest } = row;
  return rest;
};

/**
 * Support and admins manage a user's e-mail addresses, phone numbers and game accounts; the user
 * proves an address with the mailed link and a number with the code. Every write is audited.
 */
export function createUserContactsService(db: Db, audit: Audited, mailer: Mailer, now: () => Date) {
  const repo = createUserContactsRepository(db);
  const users = createUserAdminRepository(db);

  /** Support may not act on an admin's account (as the other user-admin calls). */
  async function lockTarget(request: FastifyRequest, userId: string, tx: Tx) {
    const target = await users.lock(userId, tx);
    if (hasRole(target.permissions, 'admin') && !hasRole(request.user!.permissions, 'admin'))
      throw new DomainError('FORBIDDEN', 'Only an admin may change an admin account');
    return target;
  }

  async function issueEmailVerification(
    row: EmailAddressRow,
    tx: Tx,
    record: RecordActivity,
    action: string,
  ) {
    const token = generateToken();
    const expiresAt = new Date(now().getTime() + EMAIL_VERIFICATION_TTL_MS);
    const after = await repo.updateEmail(row.id, { verificationHash: hashToken(token), expiresAt }, tx);
    await record({
      action,
      targetType: 'email-addresses',
      targetId: row.id,
      before: null,
      after: audited(after),
    });
    const owner = await users.lock(row.userId, tx);
    const locale = mailLocale(owner.locale);
    const link = hubLink(mailer.publicUrl, locale, `/verify-email?token=${encodeURIComponent(token)}`);
    const send = await mailer.queue(
      { to: row.email, ...mailText(locale, 'emailVerification', { link, code: token }) },
      tx,
    );
    return { row: after, send };
  }

  async function issuePhoneCode(row: PhoneNumberRow, tx: Tx, record: RecordActivity, action: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now().getTime() + PHONE_CODE_TTL_MS);
    const after = await repo.updatePhone(row.id, { verificationHash: hashToken(code), expiresAt }, tx);
    await record({
      action,
      targetType: 'phone-numbers',
      targetId: row.id,
      before: null,
      after: audited(after),
    });
    // No SMS provider is wired: the text is recorded to the outbox, whatever the mail transport.
    await createMailOutboxRepository(tx).insert({
      to: `${SMS_OUTBOX_PREFIX}${row.phone}`,
      subject: 'SMS',
      text: `Your Clan War Hub code is ${code}. It expires in 10 minutes.`,
      createdAt: now(),
    });
    return after;
  }

  return {
    listEmails: (userId: string) => repo.emails(userId),
    listPhones: (userId: string) => repo.phones(userId),
    listGameAccounts: (userId: string) => repo.gameAccounts(userId),

    async addEmail(request: FastifyRequest, userId: string, email: string) {
      const { row, send } = await audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const inserted = await repo.insertEmail({ userId, email: email.toLowerCase(), createdAt: now() }, tx);
        return issueEmailVerification(inserted, tx, record, 'user.email-address.add');
      });
      await send();
      return row;
    },

    async resendEmail(request: FastifyRequest, userId: string, addressId: string) {
      const { row, send } = await audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const address = await repo.lockEmail(userId, addressId, tx);
        if (address.verifiedAt) throw new DomainError('CONFLICT', 'This e-mail address is already verified');
        return issueEmailVerification(address, tx, record, 'user.email-address.resend');
      });
      await send();
      return row;
    },

    /** The token of the mailed link; anyone holding it proves the address (no sign-in needed). */
    async verifyEmail(request: FastifyRequest, token: string) {
      return audit(request, async (tx, record) => {
        const address = await repo.emailByVerification(hashToken(token), tx);
        if (!address?.expiresAt || address.expiresAt <= now())
          throw new DomainError('INVALID_TOKEN', 'The verification link is invalid, used or expired');
        const after = await repo.updateEmail(
          address.id,
          { verifiedAt: now(), verificationHash: null, expiresAt: null },
          tx,
        );
        await record({
          action: 'user.email-address.verify',
          targetType: 'email-addresses',
          targetId: address.id,
          before: audited(address),
          after: audited(after),
        });
        return after;
      });
    },

    async addPhone(request: FastifyRequest, userId: string, phone: string) {
      return audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const inserted = await repo.insertPhone({ userId, phone, createdAt: now() }, tx);
        return issuePhoneCode(inserted, tx, record, 'user.phone-number.add');
      });
    },

    async resendPhone(request: FastifyRequest, userId: string, phoneId: string) {
      return audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const row = await repo.lockPhone(userId, { id: phoneId }, tx);
        if (row.verifiedAt) throw new DomainError('CONFLICT', 'This phone number is already verified');
        return issuePhoneCode(row, tx, record, 'user.phone-number.resend');
      });
    },

    /**
     * The signed-in user types the code. A wrong code spends it (a new one must be sent), so six
     * digits cannot be guessed by trying them all.
     */
    async verifyPhone(request: FastifyRequest, phone: string, code: string) {
      const userId = request.user!.id;
      const outcome = await audit(request, async (tx, record) => {
        const row = await repo.lockPhone(userId, { phone }, tx);
        const live = row.verificationHash !== null && row.expiresAt !== null && row.expiresAt > now();
        if (live && row.verificationHash === hashToken(code)) {
          const after = await repo.updatePhone(
            row.id,
            { verifiedAt: now(), verificationHash: null, expiresAt: null },
            tx,
          );
          await record({
            action: 'user.phone-number.verify',
            targetType: 'phone-numbers',
            targetId: row.id,
            before: audited(row),
            after: audited(after),
          });
          return { ok: true as const, row: after };
        }
        if (row.verificationHash !== null)
          await repo.updatePhone(row.id, { verificationHash: null, expiresAt: null }, tx);
        await record({
          action: 'user.phone-number.verify-failed',
          targetType: 'phone-numbers',
          targetId: row.id,
        });
        return { ok: false as const };
      });
      if (!outcome.ok)
        throw new DomainError('INVALID_TOKEN', 'The code is wrong or expired; ask for a new one');
      return outcome.row;
    },

    async addGameAccount(
      request: FastifyRequest,
      userId: string,
      input: { username: string; playerTag: string },
    ) {
      return audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const row = await repo.insertGameAccount(
          { userId, username: input.username, playerTag: normalizeTag(input.playerTag), createdAt: now() },
          tx,
        );
        await record({
          action: 'user.game-account.add',
          targetType: 'game-accounts',
          targetId: row.id,
          after: row,
        });
        return row;
      });
    },

    async patchGameAccount(
      request: FastifyRequest,
      userId: string,
      accountId: string,
      patch: { username?: string | undefined; playerTag?: string | undefined },
    ) {
      return audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const before = await repo.lockGameAccount(userId, accountId, tx);
        const after = await repo.updateGameAccount(
          accountId,
          {
            ...(patch.username !== undefined ? { username: patch.username } : {}),
            ...(patch.playerTag !== undefined ? { playerTag: normalizeTag(patch.playerTag) } : {}),
          },
          tx,
        );
        await record({
          action: 'user.game-account.update',
          targetType: 'game-accounts',
          targetId: accountId,
          before,
          after,
        });
        return after;
      });
    },

    async deleteGameAccount(request: FastifyRequest, userId: string, accountId: string) {
      await audit(request, async (tx, record) => {
        await lockTarget(request, userId, tx);
        const before = await repo.lockGameAccount(userId, accountId, tx);
        await repo.deleteGameAccount(accountId, tx);
        await record({
          action: 'user.game-account.delete',
          targetType: 'game-accounts',
          targetId: accountId,
          before,
        });
      });
    },
  };
}
export type UserContactsService = ReturnType<typeof createUserContactsService>;

import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Audited } from '../activity-log/audit.js';
import { hashToken } from '../auth/opaque-token.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { createUserRepository } from '../auth/user-repository.js';
import { createPasswordResetRepository } from './password-reset-repository.js';
import { createUserAdminRepository } from './user-admin-repository.js';
import type { UserAdminService } from './user-admin-service.js';

/** The signed-in user's own account: password change, and reset by e-mail for a signed-out one. */
export function createAccountService(db: Db, audited: Audited, users: UserAdminService, now: () => Date) {
  const userRepo = createUserRepository(db);
  const adminRepo = createUserAdminRepository(db);
  const resets = createPasswordResetRepository(db);

  async function changePassword(request: FastifyRequest, current: string, next: string): Promise<void> {
    const id = request.user!.id;
    const hash = await hashPassword(next);
    await audited(request, async (tx, record) => {
      const user = await adminRepo.lock(id, tx);
      if (!(await verifyPassword(current, user.passwordHash)))
        throw new DomainError('VALIDATION_FAILED', 'The current password is wrong', {
          source: { pointer: '/data/attributes/currentPassword' },
        });
      await adminRepo.update(id, { passwordHash: hash }, tx);
      await record({ action: 'user.password.change', targetType: 'users', targetId: id });
    });
  }

  /** Always succeeds from the outside, so the answer does not tell which e-mails have accounts. */
  async function requestReset(request: FastifyRequest, email: string): Promise<void> {
    const user = await userRepo.findByEmail(email);
    if (!user || user.suspendedAt) return;
    const send = await audited(request, (tx, record) =>
      users.issueReset(user, tx, record, request.headers['accept-language']),
    );
    await send();
  }

  async function resetWithToken(request: FastifyRequest, token: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await audited(request, async (tx, record) => {
      const claimed = await resets.consume(hashToken(token), now(), tx);
      if (!claimed) throw new DomainError('INVALID_TOKEN', 'The reset link is invalid, used or expired');
      await adminRepo.update(claimed.userId, { passwordHash: hash }, tx);
      // Whoever held the old password loses their sessions with it.
      await adminRepo.revokeTokens(claimed.userId, tx);
      await record({ action: 'user.password-reset.complete', targetType: 'users', targetId: claimed.userId });
    });
  }

  return { changePassword, requestReset, resetWithToken };
}

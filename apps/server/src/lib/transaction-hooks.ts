import type { Executor } from '../db/client.js';
import type { UnitOfWork } from '../db/unit-of-work.js';

/** What a hook leaves to do once the transaction committed (typically: send its notices). */
export type AfterCommit = () => void;

/**
 * Work another capability adds to a transaction it does not own: it runs inside the transaction
 * (so the whole change commits or rolls back as one) and returns what to do after the commit. The
 * owner of the transaction is given the hooks at composition, so it never imports their features.
 */
export type TransactionHook<T> = (subject: T, tx: Executor) => Promise<AfterCommit>;

/** Runs every hook in order in the unit's transaction; each hook's after-commit step joins the unit's. */
export async function runTransactionHooks<T>(
  hooks: readonly TransactionHook<T>[],
  subject: T,
  uow: UnitOfWork,
): Promise<void> {
  for (const hook of hooks) uow.afterCommit(await hook(subject, uow.tx));
}

import type { Executor } from '../db/client.js';

/** What a hook leaves to do once the transaction committed (typically: send its notices). */
export type AfterCommit = () => void;

/**
 * Work another capability adds to a transaction it does not own: it runs inside the transaction
 * (so the whole change commits or rolls back as one) and returns what to do after the commit. The
 * owner of the transaction is given the hooks at composition, so it never imports their features.
 */
export type TransactionHook<T> = (subject: T, tx: Executor) => Promise<AfterCommit>;

/** Runs every hook in order inside `tx`; the returned function runs each hook's after-commit step. */
export async function runTransactionHooks<T>(
  hooks: readonly TransactionHook<T>[],
  subject: T,
  tx: Executor,
): Promise<AfterCommit> {
  const after: AfterCommit[] = [];
  for (const hook of hooks) after.push(await hook(subject, tx));
  return () => {
    for (const step of after) step();
  };
}

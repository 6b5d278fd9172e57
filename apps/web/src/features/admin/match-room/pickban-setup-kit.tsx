import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../console/admin-ui';
import { setupRefusal } from './pickban-admin-api';

/** useAction whose refusal reads as the catalogue's sentence (an in-use delete, a bad order, …). */
export function useSetupAction(target: 'item' | 'category' | 'veto') {
  const { t } = useTranslation('adminpickban');
  const action = useAction();
  // useAction's run changes every render; the latest one is read through a ref so `run` is stable.
  const latest = useRef({ action, t });
  latest.current = { action, t };
  const run = useCallback(
    async (fn: () => Promise<unknown>, okText: string) => {
      let refusal: string | null = null;
      const ok = await latest.current.action.run(async () => {
        try {
          return await fn();
        } catch (error) {
          const { key, detail } = setupRefusal(error, target);
          refusal = latest.current.t(`refusal.${key}`, { detail });
          throw error;
        }
      }, okText);
      if (!ok && refusal) latest.current.action.setStatus({ kind: 'error', text: refusal });
      return ok;
    },
    [target],
  );
  return { ...action, run };
}

/** A delete button that asks once more (its label changes) before it deletes. */
export function DeleteButton({
  label,
  confirmLabel,
  disabled,
  onDelete,
  testId,
}: {
  label: string;
  confirmLabel: string;
  disabled: boolean;
  onDelete: () => void;
  testId: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <button
      type="button"
      className={asking ? 'button button--danger' : 'button'}
      disabled={disabled}
      onClick={() => {
        if (!asking) {
          setAsking(true);
          return;
        }
        setAsking(false);
        onDelete();
      }}
      onBlur={() => setAsking(false)}
      data-testid={testId}
    >
      {asking ? confirmLabel : label}
    </button>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoTo } from '../../i18n/use-locale';
import { ResultDialog } from './team-ui';

/** "Hey, wait!": Cancel (back to the team) or the danger button that does it. */
export function ConfirmDialog({
  testId,
  confirmTestId,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  testId: string;
  confirmTestId: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** Default: back to the team page (the confirm pages); a dialog on that page closes itself. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('teams');
  const go = useGoTo();
  const cancel = onCancel ?? (() => go('/my-clan'));
  return (
    <ResultDialog
      kind="warning"
      testId={testId}
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={cancel}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </ResultDialog>
  );
}

/** "Success!" with one primary button that goes on to `path`. */
export function DoneDialog({
  testId,
  header,
  actionLabel,
  path,
}: {
  testId: string;
  header: string;
  actionLabel: string;
  path: string;
}) {
  const go = useGoTo();
  return (
    <ResultDialog
      kind="success"
      testId={testId}
      header={header}
      actions={
        <button type="button" className="button button--primary" onClick={() => go(path)}>
          {actionLabel}
        </button>
      }
    />
  );
}

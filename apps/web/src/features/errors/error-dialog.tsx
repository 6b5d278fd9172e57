import type { ReactNode } from 'react';
import { MODAL_WIDTH_STYLE } from '../../lib/modal';
import { PageShell } from '../shell/page-shell';

interface ErrorDialogProps {
  name: string;
  /** Dialog title, e.g. "Oh No!"; it is the page's <h1>. */
  title: string;
  heading?: ReactNode;
  code?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'error' | 'fatal';
}

/** The "Oh No!" dialog card every error page is built from. */
export function ErrorDialog({
  name,
  title,
  heading,
  code,
  children,
  actions,
  tone = 'error',
}: ErrorDialogProps) {
  return (
    <div className={`error-dialog error-dialog--${tone}`} style={MODAL_WIDTH_STYLE}>
      <div className="error-dialog__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2 1 21h22L12 2Zm0 4.8L19.5 19h-15L12 6.8ZM11 10v5h2v-5h-2Zm0 6v2h2v-2h-2Z"
          />
        </svg>
      </div>
      <PageShell name={name} title={title}>
        {code ? <p className="error-dialog__code">{code}</p> : null}
        {heading ? <h2 className="error-dialog__heading">{heading}</h2> : null}
        <div className="error-dialog__body">{children}</div>
        {actions ? <div className="error-dialog__actions">{actions}</div> : null}
      </PageShell>
    </div>
  );
}

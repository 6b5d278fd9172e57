import type { ReactNode } from 'react';

/**
 * One labelled form field: the label, the input (children), the error under it when there is one
 * (the field turns red), then an optional hint.
 */
export function FormField({
  id,
  label,
  error,
  errorTestId,
  errorRole,
  hint,
  children,
}: {
  /** The input's id, so the label points at it. */
  id: string;
  label: ReactNode;
  /** The message to show, or nothing when the field is fine. */
  error?: ReactNode;
  errorTestId?: string;
  /** 'alert' announces the message as it appears. */
  errorRole?: 'alert';
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field__error" data-testid={errorTestId} role={errorRole}>
          {error}
        </p>
      ) : null}
      {hint}
    </div>
  );
}

/** The form's primary submit button in its action bar, disabled while the form is busy. */
export function FormSubmitBar({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="action-bar">
      <button type="submit" className="button button--primary" disabled={busy} data-testid={testId}>
        {children}
      </button>
    </div>
  );
}

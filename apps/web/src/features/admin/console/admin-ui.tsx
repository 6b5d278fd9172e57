import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Runs an action, showing "saved" or the server's error under the form. */
export function useAction() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, okText = t('common.saved')) {
    setBusy(true);
    setStatus(null);
    try {
      await action();
      setStatus({ kind: 'ok', text: okText });
      return true;
    } catch (error) {
      setStatus({ kind: 'error', text: t('common.error', { message: (error as Error).message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  const message = status ? (
    <p
      className={`admin-status admin-status--${status.kind}`}
      role={status.kind === 'error' ? 'alert' : 'status'}
    >
      {status.text}
    </p>
  ) : null;
  return { run, busy, message, setStatus };
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the `children` inside the label
    <label className="admin-field">
      <span className="admin-field__label">{label}</span>
      {children}
    </label>
  );
}

/** A labelled whole-number input of the console's forms (stage and segment limits). */
export function NumberField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label}>
      <input
        className="input stage-number"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

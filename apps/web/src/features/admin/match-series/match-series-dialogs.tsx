import { isoToLocalInput, localInputToIso } from '@cwh/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal';
import { Field, useAction } from '../console/admin-ui';
import {
  type AdminSeries,
  EDITABLE_STATES,
  type EditableState,
  matchSeriesAdminApi,
} from './match-series-admin-api';
import { useRefusal } from './match-series-refusal';

/** Reset or delete, with an optional reason kept in the activity log. */
export function ConfirmDialog({
  kind,
  series,
  onClose,
  onDone,
}: {
  kind: 'reset' | 'delete';
  series: AdminSeries;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminmatches');
  const formId = useId();
  const [reason, setReason] = useState('');
  const { run, busy, message } = useAction();
  const refusal = useRefusal();
  const [home, away] = series.attributes.competitors;
  const teams = { home: home?.displayName ?? '—', away: away?.displayName ?? '—' };
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await run(() =>
      refusal(() =>
        kind === 'reset'
          ? matchSeriesAdminApi.reset(series.id, reason)
          : matchSeriesAdminApi.remove(series.id, reason),
      ),
    );
    if (ok) onDone();
  }
  return (
    <Modal
      open
      title={t(`${kind}.title`, teams)}
      onClose={onClose}
      testId={`${kind}-dialog`}
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            className={`button ${kind === 'delete' ? 'button--danger' : 'button--primary'}`}
            type="submit"
            form={formId}
            disabled={busy}
            data-testid={`${kind}-confirm`}
          >
            {t(`${kind}.confirm`)}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit}>
        <p>{t(`${kind}.body`, teams)}</p>
        <Field label={t('reasonOptional')}>
          <input
            className="input"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            data-testid={`${kind}-reason`}
          />
        </Field>
        {message}
      </form>
    </Modal>
  );
}

/** Date (UTC) and state of an open series. */
export function EditDialog({
  series,
  onClose,
  onDone,
}: {
  series: AdminSeries;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminmatches');
  const formId = useId();
  const a = series.attributes;
  const [date, setDate] = useState(isoToLocalInput(a.date));
  const [state, setState] = useState<EditableState | ''>(
    (EDITABLE_STATES as readonly string[]).includes(a.state) ? (a.state as EditableState) : '',
  );
  const [reason, setReason] = useState('');
  const { run, busy, message, setStatus } = useAction();
  const refusal = useRefusal();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const iso = localInputToIso(date);
    if (!iso) {
      setStatus({ kind: 'error', text: t('edit.badDate') });
      return;
    }
    const attributes = {
      ...(iso !== localInputToIso(isoToLocalInput(a.date)) ? { date: iso } : {}),
      ...(state && state !== a.state ? { state } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    if (!('date' in attributes) && !('state' in attributes)) {
      setStatus({ kind: 'error', text: t('edit.nothing') });
      return;
    }
    const ok = await run(() => refusal(() => matchSeriesAdminApi.update(series.id, attributes)));
    if (ok) onDone();
  }
  return (
    <Modal
      open
      title={t('edit.title')}
      onClose={onClose}
      testId="edit-dialog"
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button className="button button--primary" type="submit" form={formId} disabled={busy}>
            {t('edit.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <Field label={t('edit.date')}>
          <input
            className="input"
            type="datetime-local"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            data-testid="edit-date"
          />
        </Field>
        {a.state === 'finished' ? (
          <p className="muted">{t('edit.finishedState')}</p>
        ) : (
          <Field label={t('edit.state')}>
            <select
              className="input"
              value={state}
              onChange={(e) => setState(e.target.value as EditableState)}
              data-testid="edit-state"
            >
              {EDITABLE_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`state.${s}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label={t('reasonOptional')}>
          <input
            className="input"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        {message}
      </form>
    </Modal>
  );
}

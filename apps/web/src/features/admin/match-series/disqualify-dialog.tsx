import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal';
import { Field, useAction } from '../console/admin-ui';
import { type AdminSeries, matchSeriesAdminApi } from './match-series-admin-api';
import { useRefusal } from './match-series-refusal';

/** Disqualify one side: it forfeits every remaining series; the reason is required. */
export function DisqualifyDialog({
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
  const sides = series.attributes.competitors.filter((c) => c.roster);
  const [rosterId, setRosterId] = useState(sides[0]?.roster?.id ?? '');
  const [reason, setReason] = useState('');
  // A stage's series: out of this stage by default; the ladder's: the championship only.
  const staged = series.attributes.competition !== 'ladder';
  const [scope, setScope] = useState<'stage' | 'championship'>(staged ? 'stage' : 'championship');
  const { run, busy, message, setStatus } = useAction();
  const refusal = useRefusal();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setStatus({ kind: 'error', text: t('disqualify.reasonRequired') });
      return;
    }
    const ok = await run(() =>
      refusal(() =>
        scope === 'stage'
          ? matchSeriesAdminApi.disqualifyFromStage(series.attributes.segment.id, rosterId, reason)
          : matchSeriesAdminApi.disqualify(rosterId, reason),
      ),
    );
    if (ok) onDone();
  }
  return (
    <Modal
      open
      title={t('disqualify.title')}
      onClose={onClose}
      testId="disqualify-dialog"
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            className="button button--danger"
            type="submit"
            form={formId}
            disabled={busy || !rosterId}
            data-testid="disqualify-confirm"
          >
            {t('disqualify.confirm')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <p>{t(scope === 'stage' ? 'disqualify.bodyStage' : 'disqualify.body')}</p>
        <fieldset>
          <legend>{t('disqualify.team')}</legend>
          {sides.map((c) => (
            <label key={c.id} className="match-series-radio">
              <input
                type="radio"
                name={`${formId}-team`}
                value={c.roster!.id}
                checked={rosterId === c.roster!.id}
                onChange={() => setRosterId(c.roster!.id)}
              />{' '}
              {c.displayName}
            </label>
          ))}
        </fieldset>
        {staged ? (
          <fieldset>
            <legend>{t('disqualify.scope')}</legend>
            {(['stage', 'championship'] as const).map((value) => (
              <label key={value} className="match-series-radio">
                <input
                  type="radio"
                  name={`${formId}-scope`}
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  data-testid={`disqualify-scope-${value}`}
                />{' '}
                {t(`disqualify.scope_${value}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <Field label={t('disqualify.reason')}>
          <input
            className="input"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            data-testid="disqualify-reason"
          />
        </Field>
        {message}
      </form>
    </Modal>
  );
}

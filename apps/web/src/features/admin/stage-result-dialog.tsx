import type { MatchSeriesResource } from '@cwh/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/modal';
import { Field, useAction } from './admin-ui';
import { type SeriesResultInput, stageApi } from './stage-api';
import { type ResultForm, resultBody } from './stage-forms';
import { useStageCall } from './stage-refusal';

interface Props {
  series: MatchSeriesResource;
  onClose: () => void;
  onSaved: () => void;
  /** Where the checked result goes; default the results call (the dispute queue corrects through its resolve call). */
  submit?: (input: SeriesResultInput) => Promise<unknown>;
}

const EMPTY: ResultForm = {
  homeStars: '',
  awayStars: '',
  homeDestruction: '',
  awayDestruction: '',
  forfeit: '',
  reason: '',
};

/** Record (or correct) the result of one series: stars, destruction, a forfeit, and the reason. */
export function RecordResultDialog({ series, onClose, onSaved, submit: send }: Props) {
  const { t } = useTranslation('adminstages');
  const formId = useId();
  const [form, setForm] = useState<ResultForm>(EMPTY);
  const { run, busy, message, setStatus } = useAction();
  const stageCall = useStageCall();
  const [home, away] = series.attributes.competitors;
  const homeName = home?.displayName ?? '—';
  const awayName = away?.displayName ?? '—';
  const set = <K extends keyof ResultForm>(key: K, value: ResultForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = resultBody(form);
    if (!checked.ok) {
      setStatus({ kind: 'error', text: t(checked.error.key, checked.error.values) });
      return;
    }
    const save = send ?? ((input: SeriesResultInput) => stageApi.recordResult(series.id, input));
    const ok = await run(() => stageCall(() => save(checked.value)));
    if (ok) onSaved();
  }

  return (
    <Modal
      open
      title={t('result.title', { home: homeName, away: awayName })}
      onClose={onClose}
      testId="result-dialog"
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('result.cancel')}
          </button>
          <button className="button button--primary" type="submit" form={formId} disabled={busy}>
            {t('result.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="stage-result-form" onSubmit={submit} noValidate>
        <Field label={t('result.stars', { team: homeName })}>
          <input
            className="input stage-number"
            inputMode="numeric"
            value={form.homeStars}
            onChange={(e) => set('homeStars', e.target.value)}
            data-testid="result-home-stars"
          />
        </Field>
        <Field label={t('result.stars', { team: awayName })}>
          <input
            className="input stage-number"
            inputMode="numeric"
            value={form.awayStars}
            onChange={(e) => set('awayStars', e.target.value)}
            data-testid="result-away-stars"
          />
        </Field>
        <Field label={t('result.destruction', { team: homeName })}>
          <input
            className="input stage-number"
            inputMode="decimal"
            value={form.homeDestruction}
            onChange={(e) => set('homeDestruction', e.target.value)}
          />
        </Field>
        <Field label={t('result.destruction', { team: awayName })}>
          <input
            className="input stage-number"
            inputMode="decimal"
            value={form.awayDestruction}
            onChange={(e) => set('awayDestruction', e.target.value)}
          />
        </Field>
        <Field label={t('result.forfeit')}>
          <select
            className="input"
            value={form.forfeit}
            onChange={(e) => set('forfeit', e.target.value as ResultForm['forfeit'])}
          >
            <option value="">{t('result.forfeitNone')}</option>
            <option value="home">{t('result.forfeitSide', { team: homeName })}</option>
            <option value="away">{t('result.forfeitSide', { team: awayName })}</option>
            <option value="both">{t('result.forfeitBoth')}</option>
          </select>
        </Field>
        <div className="stage-result-form__wide">
          <Field label={t('result.reason')}>
            <textarea
              className="input"
              rows={3}
              value={form.reason}
              onChange={(e) => set('reason', e.target.value)}
              required
              aria-required="true"
            />
          </Field>
        </div>
        {message}
      </form>
    </Modal>
  );
}

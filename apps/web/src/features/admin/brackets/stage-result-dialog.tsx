import type { MatchSeriesResource } from '@cwh/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal';
import { Field, useAction } from '../console/admin-ui';
import { resultFormOf } from './result-correction';
import { type ResultPreview, type SeriesResultInput, stageApi } from './stage-api';
import { type ResultForm, resultBody } from './stage-forms';
import { useStageCall } from './stage-refusal';

/** The result with the organizer's confirmation of the reset it needs (issue #31). */
export type CorrectionInput = SeriesResultInput & { resetLater?: boolean };

interface Props {
  series: MatchSeriesResource;
  onClose: () => void;
  onSaved: () => void;
  /** Where the checked result goes; default the results call (the dispute queue corrects through its resolve call). */
  submit?: (input: CorrectionInput) => Promise<unknown>;
  /** The label of the reason field (the dispute queue's is the internal reason). */
  reasonLabel?: string;
  /** The reason already typed elsewhere (the dispute card's internal reason). */
  initialReason?: string;
}

/** The later matches a correction resets, shown before the organizer confirms. */
function ResetPreview({ plan }: { plan: ResultPreview }) {
  const { t } = useTranslation('adminstages');
  return (
    <div className="stage-result-form__wide admin-status admin-status--error" data-testid="reset-preview">
      <p>
        <strong>{t('result.resetTitle', { count: plan.resets.length })}</strong>
      </p>
      {plan.removedRounds.length > 0 ? (
        <p data-testid="reset-rounds">{t('result.resetRounds', { rounds: plan.removedRounds.join(', ') })}</p>
      ) : null}
      <ul>
        {plan.resets.map((r) => (
          <li key={r.matchSeriesId} data-testid="reset-item" data-series={r.matchSeriesId}>
            {t('result.resetItem', {
              match: r.nodeId ?? t('series.roundN', { round: r.roundNumber }),
              home: r.home ?? t('series.tbd'),
              away: r.away ?? t('series.tbd'),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

type SetResult = <K extends keyof ResultForm>(key: K, value: ResultForm[K]) => void;

/** One team's stars or destruction. */
function ScoreField({
  label,
  value,
  decimal,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  decimal?: boolean;
  testId: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      <input
        className="input stage-number"
        inputMode={decimal ? 'decimal' : 'numeric'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </Field>
  );
}

/** Stars and destruction of both teams, and a forfeit. */
function ScoreFields({
  form,
  set,
  homeName,
  awayName,
}: {
  form: ResultForm;
  set: SetResult;
  homeName: string;
  awayName: string;
}) {
  const { t } = useTranslation('adminstages');
  return (
    <>
      <ScoreField
        label={t('result.stars', { team: homeName })}
        value={form.homeStars}
        onChange={(v) => set('homeStars', v)}
        testId="result-home-stars"
      />
      <ScoreField
        label={t('result.stars', { team: awayName })}
        value={form.awayStars}
        onChange={(v) => set('awayStars', v)}
        testId="result-away-stars"
      />
      <ScoreField
        label={t('result.destruction', { team: homeName })}
        value={form.homeDestruction}
        decimal
        onChange={(v) => set('homeDestruction', v)}
        testId="result-home-destruction"
      />
      <ScoreField
        label={t('result.destruction', { team: awayName })}
        value={form.awayDestruction}
        decimal
        onChange={(v) => set('awayDestruction', v)}
        testId="result-away-destruction"
      />
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
    </>
  );
}

/**
 * The result form's state and its submit: a finished series' correction is previewed first, and a
 * correction that resets later matches is saved only once confirmed (the plan shown).
 */
function useResultForm({ series, onSaved, submit: send, initialReason = '' }: Props) {
  const { t } = useTranslation('adminstages');
  const [form, setForm] = useState<ResultForm>(() => ({ ...resultFormOf(series), reason: initialReason }));
  const [plan, setPlan] = useState<ResultPreview | null>(null);
  const { run, busy, message, setStatus } = useAction();
  const stageCall = useStageCall();
  const set: SetResult = (key, value) => {
    setPlan(null);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const setReason = (reason: string) => setForm((f) => ({ ...f, reason }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = resultBody(form);
    if (!checked.ok) {
      setStatus({ kind: 'error', text: t(checked.error.key, checked.error.values) });
      return;
    }
    const save = send ?? ((input: CorrectionInput) => stageApi.recordResult(series.id, input));
    if (plan) {
      const ok = await run(() => stageCall(() => save({ ...checked.value, resetLater: true })));
      if (ok) onSaved();
      return;
    }
    const found: { plan: ResultPreview | null } = { plan: null };
    const ok = await run(
      () =>
        stageCall(async () => {
          if (series.attributes.state === 'finished')
            found.plan = await stageApi.previewResult(series.id, checked.value);
          if (found.plan && found.plan.resets.length > 0) return;
          await save(checked.value);
        }),
      '',
    );
    if (!ok) return;
    if (found.plan && found.plan.resets.length > 0) {
      setStatus(null);
      setPlan(found.plan);
    } else onSaved();
  }
  return { form, set, setReason, plan, submit, busy, message };
}

/**
 * Record (or correct) the result of one series: stars, destruction, a forfeit, and the reason. It
 * opens on the stored result, so a correction changes only what the organizer touches. A
 * correction whose later matches were played shows which ones it resets and asks to confirm.
 */
export function RecordResultDialog(props: Props) {
  const { series, onClose, reasonLabel } = props;
  const { t } = useTranslation('adminstages');
  const formId = useId();
  const { form, set, setReason, plan, submit, busy, message } = useResultForm(props);
  const [home, away] = series.attributes.competitors;
  const homeName = home?.displayName ?? '—';
  const awayName = away?.displayName ?? '—';

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
          <button
            className="button button--primary"
            type="submit"
            form={formId}
            disabled={busy}
            data-testid={plan ? 'result-reset-confirm' : 'result-save'}
          >
            {plan ? t('result.resetAndSave', { count: plan.resets.length }) : t('result.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="stage-result-form" onSubmit={submit} noValidate>
        <ScoreFields form={form} set={set} homeName={homeName} awayName={awayName} />
        <div className="stage-result-form__wide">
          <Field label={reasonLabel ?? t('result.reason')}>
            <textarea
              className="input"
              rows={3}
              value={form.reason}
              onChange={(e) => setReason(e.target.value)}
              required
              aria-required="true"
              data-testid="result-reason"
            />
          </Field>
        </div>
        {plan ? <ResetPreview plan={plan} /> : null}
        {message}
      </form>
    </Modal>
  );
}

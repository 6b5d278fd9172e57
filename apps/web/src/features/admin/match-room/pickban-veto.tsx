import type { VETO_TURN_SECONDS as CONTRACT_TURN_SECONDS, SegmentVetoAttributes } from '@cwh/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../console/admin-ui';
import { type Category, pickbanAdminApi, type SegmentVeto } from './pickban-admin-api';
import { DeleteButton, useSetupAction } from './pickban-setup-kit';

type VetoAction = SegmentVetoAttributes['steps'][number]['action'];
type VetoStarter = SegmentVetoAttributes['starter'];
// The contract's values (pickban.ts), restated so the zod schemas stay out of the browser bundle;
// `satisfies` fails the typecheck if they drift.
const VETO_ACTION_VALUES = ['ban', 'pick'] as const satisfies readonly VetoAction[];
const VETO_STARTER_VALUES = ['higher_seed', 'home'] as const satisfies readonly VetoStarter[];
export const VETO_TURN_SECONDS = {
  default: 60,
  min: 10,
  max: 3600,
} as const satisfies typeof CONTRACT_TURN_SECONDS;
const MAX_STEPS = 20;
const MAX_COUNT = 20;
const DEFAULT_STEPS: SegmentVeto['steps'] = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
  { action: 'pick', count: 1 },
];

/** One step of the veto order: ban or pick, how many, and its moves. */
function VetoStepRow({
  step,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  step: SegmentVeto['steps'][number];
  index: number;
  count: number;
  onChange: (change: Partial<SegmentVeto['steps'][number]>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('adminpickban');
  const n = index + 1;
  const move = (label: string, by: -1 | 1, disabled: boolean, arrow: string) => (
    <button
      type="button"
      className="button"
      disabled={disabled}
      onClick={() => onMove(by)}
      aria-label={label}
      title={label}
    >
      {arrow}
    </button>
  );
  return (
    <li className="pickban-setup__step" data-testid="pickban-veto-step">
      <span className="pickban-setup__step-label">{t('veto.stepLabel', { n })}</span>
      <Field label={t('veto.action')}>
        <select
          value={step.action}
          onChange={(e) => onChange({ action: e.target.value as VetoAction })}
          data-testid="pickban-step-action"
        >
          {VETO_ACTION_VALUES.map((a) => (
            <option key={a} value={a}>
              {t(`veto.actions.${a}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('veto.count')}>
        <input
          className="pickban-setup__number"
          type="number"
          min={1}
          max={MAX_COUNT}
          required
          value={step.count}
          onChange={(e) => onChange({ count: Math.max(1, Math.min(MAX_COUNT, Number(e.target.value) || 1)) })}
          data-testid="pickban-step-count"
        />
      </Field>
      <span className="pickban-setup__step-moves">
        {move(t('veto.up', { n }), -1, index === 0, '↑')}
        {move(t('veto.down', { n }), 1, index === count - 1, '↓')}
        <button
          type="button"
          className="button"
          disabled={count === 1}
          onClick={onRemove}
          aria-label={t('veto.removeStep', { n })}
          title={t('veto.removeStep', { n })}
          data-testid="pickban-step-remove"
        >
          ✕
        </button>
      </span>
    </li>
  );
}

/** The veto's category, who starts, and the time per turn. */
function VetoSettings({
  categories,
  categoryId,
  onCategory,
  starter,
  onStarter,
  seconds,
  onSeconds,
}: {
  categories: Category[];
  categoryId: string;
  onCategory: (id: string) => void;
  starter: VetoStarter;
  onStarter: (starter: VetoStarter) => void;
  seconds: string;
  onSeconds: (seconds: string) => void;
}) {
  const { t } = useTranslation('adminpickban');
  return (
    <div className="admin-form">
      <Field label={t('veto.category')}>
        <select
          value={categoryId}
          required
          onChange={(e) => onCategory(e.target.value)}
          data-testid="pickban-veto-category"
        >
          <option value="" disabled>
            {t('veto.chooseCategory')}
          </option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('veto.starter')}>
        <select
          value={starter}
          onChange={(e) => onStarter(e.target.value as VetoStarter)}
          data-testid="pickban-veto-starter"
        >
          {VETO_STARTER_VALUES.map((s) => (
            <option key={s} value={s}>
              {t(`veto.starters.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('veto.turnSeconds', { min: VETO_TURN_SECONDS.min, max: VETO_TURN_SECONDS.max })}>
        <input
          className="pickban-setup__number"
          type="number"
          required
          min={VETO_TURN_SECONDS.min}
          max={VETO_TURN_SECONDS.max}
          value={seconds}
          onChange={(e) => onSeconds(e.target.value)}
          data-testid="pickban-veto-seconds"
        />
      </Field>
    </div>
  );
}

/** The veto order being edited: change, move, remove and add steps. */
function useVetoSteps(initial: SegmentVeto['steps']) {
  const [steps, setSteps] = useState<SegmentVeto['steps']>(initial);
  const setStep = (index: number, step: Partial<SegmentVeto['steps'][number]>) =>
    setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...step } : s)));
  const move = (index: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      const [step] = next.splice(index, 1);
      next.splice(index + by, 0, step!);
      return next;
    });
  const remove = (index: number) => setSteps((all) => all.filter((_, i) => i !== index));
  const add = () => setSteps((all) => [...all, { action: 'ban', count: 1 }]);
  return { steps, setStep, move, remove, add };
}

/** How many items the chosen category has (null while it is read). */
function useItemCount(categoryId: string, itemCount: (categoryId: string) => Promise<number>) {
  const [have, setHave] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    setHave(null);
    if (categoryId)
      void itemCount(categoryId).then(
        (n) => live && setHave(n),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [categoryId, itemCount]);
  return have;
}

/** The veto order: one row per step, and a button that adds one. */
function VetoStepsFieldset({ edit }: { edit: ReturnType<typeof useVetoSteps> }) {
  const { t } = useTranslation('adminpickban');
  const { steps, setStep, move, remove, add } = edit;
  return (
    <fieldset className="pickban-setup__steps">
      <legend>{t('veto.steps')}</legend>
      <ol className="pickban-setup__list">
        {steps.map((step, index) => (
          <VetoStepRow
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the order
            key={index}
            step={step}
            index={index}
            count={steps.length}
            onChange={(change) => setStep(index, change)}
            onMove={(by) => move(index, by)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <button
        type="button"
        className="button"
        disabled={steps.length >= MAX_STEPS}
        onClick={add}
        data-testid="pickban-veto-add-step"
      >
        {t('veto.addStep')}
      </button>
    </fieldset>
  );
}

/** The saved veto in one line: category · steps · who starts · time per turn. */
function vetoSummary(v: SegmentVeto, categories: Category[], t: TFunction) {
  return `${categories.find((c) => c.id === v.categoryId)?.name ?? '?'} · ${v.steps
    .map((s) => t(`veto.stepSummary.${s.action}`, { count: s.count }))
    .join(', ')} · ${t(`veto.starters.${v.starter}`)} · ${v.turnSeconds} s`;
}

export function VetoSection({
  segmentId,
  categories,
  veto,
  itemCount,
  onSaved,
}: {
  segmentId: string;
  categories: Category[];
  veto: SegmentVeto | null;
  itemCount: (categoryId: string) => Promise<number>;
  onSaved: (veto: SegmentVeto | null) => void;
}) {
  const { t } = useTranslation('adminpickban');
  const action = useSetupAction('veto');
  const [categoryId, setCategoryId] = useState(veto?.categoryId ?? categories[0]?.id ?? '');
  const edit = useVetoSteps(veto?.steps ?? DEFAULT_STEPS);
  const { steps } = edit;
  const [starter, setStarter] = useState<VetoStarter>(veto?.starter ?? 'higher_seed');
  const [seconds, setSeconds] = useState(String(veto?.turnSeconds ?? VETO_TURN_SECONDS.default));
  const have = useItemCount(categoryId, itemCount);

  async function save(event: FormEvent) {
    event.preventDefault();
    const draft: SegmentVeto = { categoryId, steps, starter, turnSeconds: Number(seconds) };
    await action.run(async () => {
      const saved = await pickbanAdminApi.setVeto(segmentId, draft);
      const { segmentId: _segment, ...rest } = saved.data.attributes;
      onSaved(rest);
    }, t('veto.saved'));
  }

  const removeVeto = () =>
    void action.run(async () => {
      await pickbanAdminApi.deleteVeto(segmentId);
      onSaved(null);
    }, t('veto.removed'));
  const needed = steps.reduce((sum, s) => sum + s.count, 0);
  return (
    <section className="pickban-setup__section" data-testid="pickban-veto">
      <h4>{t('veto.title')}</h4>
      <p className="muted" data-testid="pickban-veto-current">
        {veto ? t('veto.current', { summary: vetoSummary(veto, categories, t) }) : t('veto.none')}
      </p>
      <form className="pickban-setup__veto" onSubmit={(e) => void save(e)}>
        <VetoSettings
          categories={categories}
          categoryId={categoryId}
          onCategory={setCategoryId}
          starter={starter}
          onStarter={setStarter}
          seconds={seconds}
          onSeconds={setSeconds}
        />
        <VetoStepsFieldset edit={edit} />
        <p className="muted" data-testid="pickban-veto-hint">
          {t('veto.alternate', { needed, have: have ?? '…' })}
        </p>
        <div className="admin-form">
          <button
            type="submit"
            className="button button--primary"
            disabled={action.busy || !categoryId}
            data-testid="pickban-veto-save"
          >
            {t('veto.save')}
          </button>
          {veto ? (
            <DeleteButton
              label={t('veto.remove')}
              confirmLabel={t('veto.confirmRemove')}
              disabled={action.busy}
              testId="pickban-veto-remove"
              onDelete={removeVeto}
            />
          ) : null}
        </div>
      </form>
      {action.message}
    </section>
  );
}

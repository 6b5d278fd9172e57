import type { EventResource, SegmentResource } from '@cwh/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, NumberField, useAction } from '../console/admin-ui';
import { CheckinWindowFields } from './checkin-window-form';
import {
  type NewStageForm,
  newStageBody,
  newStageDefaults,
  STAGE_CODES,
  STAGE_KIND_KEYS,
  type StageKind,
} from './segment-create';

interface Props {
  event: EventResource;
  segments: SegmentResource[];
  onCreated: () => void;
}

type SetForm = (change: Partial<NewStageForm>) => void;

/** Name, kind (its defaults), parent and stage code of the new stage. */
function IdentityFields({
  form,
  set,
  onKind,
  segments,
}: {
  form: NewStageForm;
  set: SetForm;
  onKind: (kind: StageKind) => void;
  segments: SegmentResource[];
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-form">
      <Field label={t('segment.name')}>
        <input className="input" value={form.name} onChange={(e) => set({ name: e.target.value })} />
      </Field>
      <Field label={t('segment.kind')}>
        <select className="input" value={form.kind} onChange={(e) => onKind(e.target.value as StageKind)}>
          {STAGE_KIND_KEYS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`segment.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('segment.parent')}>
        <select className="input" value={form.parentId} onChange={(e) => set({ parentId: e.target.value })}>
          <option value="">{t('segment.noParent')}</option>
          {segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.attributes.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('segment.stageCode')}>
        <select
          className="input"
          value={form.stageCode}
          onChange={(e) => set({ stageCode: e.target.value as NewStageForm['stageCode'] })}
        >
          {STAGE_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** Dates and town hall level, then roster size and limits. */
function DatesAndLimitsFields({ form, set }: { form: NewStageForm; set: SetForm }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="admin-form">
        <Field label={t('segment.from')}>
          <input
            className="input"
            type="datetime-local"
            value={form.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </Field>
        <Field label={t('segment.to')}>
          <input
            className="input"
            type="datetime-local"
            value={form.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </Field>
        <NumberField
          label={t('segment.thLevel')}
          value={form.thLevel}
          onChange={(thLevel) => set({ thLevel })}
        />
      </div>
      <div className="admin-form">
        <NumberField
          label={t('segment.playersMin')}
          value={form.playersMin}
          onChange={(v) => set({ playersMin: v })}
        />
        <NumberField
          label={t('segment.playersMax')}
          value={form.playersMax}
          onChange={(v) => set({ playersMax: v })}
        />
        <NumberField
          label={t('segment.rostersLimit')}
          value={form.limit}
          onChange={(limit) => set({ limit })}
        />
        <NumberField
          label={t('segment.standbyLimit')}
          value={form.standby}
          onChange={(standby) => set({ standby })}
        />
      </div>
    </>
  );
}

/** The new stage's form state (defaults from the event and its stages) and its submit. */
function useSegmentCreateForm({ event, segments, onCreated }: Props) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState<NewStageForm>(() =>
    newStageDefaults(event, segments, segments.length === 0 ? 'container' : 'swiss'),
  );
  const { run, busy, message, setStatus } = useAction();
  const set: SetForm = (change) => setForm((f) => ({ ...f, ...change }));
  // A stage just added (a container, say) is the next one's default parent: a form not yet typed
  // in takes the defaults again whenever the season's stages change.
  useEffect(() => {
    setForm((f) => (f.name === '' ? newStageDefaults(event, segments, f.kind) : f));
  }, [event, segments]);
  const setKind = (kind: StageKind) => setForm(newStageDefaults(event, segments, kind, form.name));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = newStageBody(form);
    if (!checked.ok) return setStatus({ kind: 'error', text: t(checked.error.key, checked.error.values) });
    const name = checked.value.name;
    if (await run(() => adminApi.createSegment(event.id, checked.value), t('segment.added', { name }))) {
      setForm((f) => ({ ...f, name: '', kind: f.kind === 'container' ? 'swiss' : f.kind }));
      onCreated();
    }
  }
  return { form, set, setKind, submit, busy, message };
}

/**
 * Add stage, on the season's timeline: a new segment of the event (a container that holds the
 * rosters, a ladder, a swiss stage or a double-elimination final), with its dates, town hall level,
 * roster size and limits and check-in window; the parent, dates and level default to the event's
 * first container. Registration phases, advance rules and supported periods are then added in the
 * stage's editor below the timeline.
 */
export function SegmentCreateForm(props: Props) {
  const { segments } = props;
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(segments.length === 0);
  const { form, set, setKind, submit, busy, message } = useSegmentCreateForm(props);
  if (!open) {
    return (
      <p>
        <button className="button" type="button" onClick={() => setOpen(true)} data-testid="segment-add-open">
          {t('segment.add')}
        </button>
        {message}
      </p>
    );
  }
  return (
    <form className="admin-card" onSubmit={submit} data-testid="segment-create-form" noValidate>
      <h4>{t('segment.addTitle')}</h4>
      <IdentityFields form={form} set={set} onKind={setKind} segments={segments} />
      <DatesAndLimitsFields form={form} set={set} />
      <div className="admin-form">
        <CheckinWindowFields
          enabled={form.checkin}
          from={form.checkinFrom}
          to={form.checkinTo}
          onChange={(c) =>
            set({
              ...(c.enabled !== undefined ? { checkin: c.enabled } : {}),
              ...(c.from !== undefined ? { checkinFrom: c.from } : {}),
              ...(c.to !== undefined ? { checkinTo: c.to } : {}),
            })
          }
        />
      </div>
      <p className="admin-form">
        <button className="button button--primary" type="submit" disabled={busy} data-testid="segment-create">
          {t('segment.addSubmit')}
        </button>
        <button className="button button--ghost" type="button" onClick={() => setOpen(false)}>
          {t('common.close')}
        </button>
      </p>
      {message}
    </form>
  );
}

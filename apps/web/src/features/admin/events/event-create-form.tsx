import type { EventResource } from '@cwh/contract';
import { CHAMPIONSHIP_TH_LEVEL, CUP_TH_LEVELS, localInputToIso } from '@cwh/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';

type Competition = 'championship' | 'townHallCup';
const LEVELS: Record<Competition, number[]> = {
  championship: [CHAMPIONSHIP_TH_LEVEL],
  townHallCup: [...CUP_TH_LEVELS],
};

/** Admin only (event:create): a new event from scratch; its segments are added in the season editor. */
export function EventCreateForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [competition, setCompetition] = useState<Competition>('championship');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { run, busy, message } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const date = { from: localInputToIso(from), to: localInputToIso(to) };
    if (!date.from || !date.to) return setInvalid(t('form.invalidDate'));
    setInvalid(null);
    const created = await run(
      () =>
        adminApi.createEvent({
          name: name.trim(),
          status: 'active',
          date,
          competition,
          thLevels: LEVELS[competition],
        }),
      t('events.created', { name: name.trim() }),
    );
    if (created) {
      setName('');
      onCreated();
    }
  }

  return (
    <section className="admin-card">
      <h3>{t('events.create')}</h3>
      <form className="admin-form" onSubmit={submit} data-testid="event-create-form">
        <Field label={t('events.name')}>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field label={t('events.competition')}>
          <select
            className="input"
            value={competition}
            onChange={(e) => setCompetition(e.target.value as Competition)}
          >
            <option value="championship">{t('events.competitions.championship')}</option>
            <option value="townHallCup">{t('events.competitions.townHallCup')}</option>
          </select>
        </Field>
        <Field label={t('segment.from')}>
          <input
            className="input"
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field>
        <Field label={t('segment.to')}>
          <input className="input" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <button className="button button--primary" type="submit" disabled={busy}>
          {t('events.createSubmit')}
        </button>
      </form>
      {invalid ? (
        <p className="admin-status admin-status--error" role="alert">
          {invalid}
        </p>
      ) : null}
      {message}
    </section>
  );
}

/** Admin only (event:delete): deletes an event after a second, explicit click. */
export function EventDeleteButton({ event, onDeleted }: { event: EventResource; onDeleted: () => void }) {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState(false);
  const { run, busy, message } = useAction();
  if (!asking) {
    return (
      <button className="button button--ghost" type="button" onClick={() => setAsking(true)}>
        {t('events.delete')}
      </button>
    );
  }
  return (
    <span className="admin-form" data-testid="event-delete-confirm">
      <span>{t('events.deleteConfirm', { name: event.attributes.name })}</span>
      <button
        className="button button--danger"
        type="button"
        disabled={busy}
        onClick={async () => {
          if (await run(() => adminApi.deleteEvent(event.id))) onDeleted();
        }}
      >
        {t('events.deleteSubmit')}
      </button>
      <button className="button button--ghost" type="button" onClick={() => setAsking(false)}>
        {t('events.keep')}
      </button>
      {message}
    </span>
  );
}

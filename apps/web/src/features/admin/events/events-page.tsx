import type { EventResource } from '@cwh/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { useAdminSession } from '../console/admin-session';
import { Field, useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';
import { NameTranslationsForm } from '../console/name-translations-form';
import { SeasonEditor } from '../segments/season-editor';
import { AnnouncementsForm } from './announcements-form';
import { ChatGroupForm } from './chat-group-form';
import { EventCreateForm, EventDeleteButton } from './event-create-form';
import { PrizesForm } from './prizes-form';

function CloneForm({ event, onCloned }: { event: EventResource; onCloned: () => void }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(`${event.attributes.name} (${t('events.copy')})`);
  const [months, setMonths] = useState('1');
  const [days, setDays] = useState('0');
  const { run, busy, message } = useAction();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const offset = { months: Number.parseInt(months, 10) || 0, days: Number.parseInt(days, 10) || 0 };
    const ok = await run(() => adminApi.cloneEvent(event.id, name, offset), t('events.cloned', { name }));
    if (ok) onCloned();
  }
  return (
    <form className="admin-form" onSubmit={submit} data-testid="clone-form">
      <Field label={t('events.cloneName')}>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} required />
      </Field>
      <Field label={t('events.cloneMonths')}>
        <input className="input" type="number" value={months} onChange={(e) => setMonths(e.target.value)} />
      </Field>
      <Field label={t('events.cloneDays')}>
        <input className="input" type="number" value={days} onChange={(e) => setDays(e.target.value)} />
      </Field>
      <button className="button button--primary" type="submit" disabled={busy}>
        {t('events.clone')}
      </button>
      {message}
    </form>
  );
}

/** /admin/events: every event; open one to clone it or edit its season. */
export function EventsPage() {
  const { t } = useTranslation('admin');
  const [events, setEvents] = useState<EventResource[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const { run, message } = useAction();
  const load = useCallback(() => {
    void run(async () => setEvents((await adminApi.events()).data), '');
  }, [run]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(load, []);

  const isAdmin = useAdminSession()?.permissions.includes('admin') ?? false;

  return (
    <section data-testid="admin-events">
      <h2 className="section-title">{t('events.title')}</h2>
      {message}
      {isAdmin ? <EventCreateForm onCreated={load} /> : null}
      {events?.map((event) => (
        <article
          key={event.id}
          className="admin-card"
          data-testid="admin-event"
          data-name={event.attributes.name}
        >
          <header className="admin-form">
            <strong>{event.attributes.name}</strong>
            <span className="muted">
              {gmt(event.attributes.date.from)} → {gmt(event.attributes.date.to)}
            </span>
            <span className={`badge badge--${event.attributes.status}`}>
              {t(`events.status.${event.attributes.status}`)}
            </span>
            <button
              className="button button--ghost"
              type="button"
              onClick={() => setOpenId(openId === event.id ? null : event.id)}
            >
              {openId === event.id ? t('common.close') : t('events.open')}
            </button>
            {isAdmin ? <EventDeleteButton event={event} onDeleted={load} /> : null}
          </header>
          {openId === event.id ? (
            <>
              <CloneForm event={event} onCloned={load} />
              <NameTranslationsForm
                names={event.attributes.nameTranslations}
                save={(nameTranslations) => adminApi.changeEvent(event, { nameTranslations })}
                onSaved={load}
                testId="event-names-form"
              />
              <PrizesForm event={event} onSaved={load} />
              <ChatGroupForm event={event} onSaved={load} />
              <AnnouncementsForm eventId={event.id} />
              <SeasonEditor eventId={event.id} event={event} />
            </>
          ) : null}
        </article>
      ))}
    </section>
  );
}

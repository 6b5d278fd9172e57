import type { AnnouncementDelivery, AnnouncementSettingsDocument } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { LOCALES, type Locale } from '@cwh/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { attributesBody } from '../../../lib/api-client';
import { consoleApi } from '../console/admin-session';
import { Field, useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';

type Settings = AnnouncementSettingsDocument['data']['attributes'];

const path = (eventId: string) => `${API.tournaments}/events/${eventId}/announcements`;
export const announcementsApi = {
  read: (eventId: string) => consoleApi.get<AnnouncementSettingsDocument>(path(eventId)),
  /** Omitting the address keeps the current webhook (the console only knows it masked). */
  save: (eventId: string, attributes: { webhookUrl?: string | null; locale: Locale }) =>
    consoleApi.put<AnnouncementSettingsDocument>(path(eventId), attributesBody(attributes)),
  test: (eventId: string) => consoleApi.post<AnnouncementSettingsDocument>(`${path(eventId)}/test`),
};

/**
 * The event's announcements to the community's chat (issue #34): the Discord webhook (shown
 * masked: it is a secret), the messages' language, a test message, and the latest deliveries with
 * the last failure, so the organizer sees a webhook that stopped working.
 */
export function AnnouncementsForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('admin');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [url, setUrl] = useState('');
  const [locale, setLocale] = useState<Locale>('en');
  const { run, busy, message } = useAction();

  const load = useCallback(async () => {
    const document = await announcementsApi.read(eventId);
    setSettings(document.data.attributes);
    setLocale(document.data.attributes.locale);
  }, [eventId]);
  useEffect(() => {
    load().catch(() => setSettings(null));
  }, [load]);

  async function save(e: FormEvent) {
    e.preventDefault();
    const webhookUrl = url.trim() === '' ? undefined : url.trim();
    const ok = await run(
      async () => setSettings((await announcementsApi.save(eventId, { webhookUrl, locale })).data.attributes),
      t('events.announcements.saved'),
    );
    if (ok) setUrl('');
  }
  const remove = () =>
    run(
      async () =>
        setSettings((await announcementsApi.save(eventId, { webhookUrl: null, locale })).data.attributes),
      t('events.announcements.removed'),
    );
  const sendTest = () =>
    run(
      async () => setSettings((await announcementsApi.test(eventId)).data.attributes),
      t('events.announcements.testQueued'),
    );

  const current = settings?.webhookUrl ?? null;
  return (
    <section data-testid="announcements-form">
      <h3>{t('events.announcements.title')}</h3>
      <p className="muted">{t('events.announcements.hint')}</p>
      <p data-testid="announcements-current">
        {current ? t('events.announcements.current', { url: current }) : t('events.announcements.none')}
      </p>
      <form className="admin-form" onSubmit={save}>
        <Field label={t('events.announcements.label')}>
          <input
            className="input"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://discord.com/api/webhooks/…"
            autoComplete="off"
          />
        </Field>
        <Field label={t('events.announcements.language')}>
          <select className="input" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </Field>
        <button className="button" type="submit" disabled={busy || (!current && url.trim() === '')}>
          {t('events.announcements.save')}
        </button>
        {current ? (
          <>
            <button className="button button--ghost" type="button" disabled={busy} onClick={sendTest}>
              {t('events.announcements.test')}
            </button>
            <button className="button button--ghost" type="button" disabled={busy} onClick={remove}>
              {t('events.announcements.remove')}
            </button>
          </>
        ) : null}
      </form>
      {message}
      {settings ? <DeliveryState settings={settings} /> : null}
    </section>
  );
}

function DeliveryState({ settings }: { settings: Settings }) {
  const { t } = useTranslation('admin');
  const failure = settings.lastFailure;
  return (
    <>
      {settings.lastDeliveredAt ? (
        <p className="muted">
          {t('events.announcements.lastDelivered', { date: gmt(settings.lastDeliveredAt) })}
        </p>
      ) : null}
      {failure ? (
        <p className="admin-status admin-status--error" role="alert">
          {t('events.announcements.lastFailure', { date: gmt(failure.at), detail: failure.detail })}
        </p>
      ) : null}
      {settings.recent.length > 0 ? (
        <>
          <h4>{t('events.announcements.recent')}</h4>
          <ul data-testid="announcements-recent">
            {settings.recent.map((delivery) => (
              <DeliveryLine key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function DeliveryLine({ delivery }: { delivery: AnnouncementDelivery }) {
  const { t } = useTranslation('admin');
  return (
    <li>
      {gmt(delivery.createdAt)} · {t(`events.announcements.kinds.${delivery.kind}`)} ·{' '}
      {t(`events.announcements.statuses.${delivery.status}`)} ·{' '}
      {t('events.announcements.attempts', { n: delivery.attempts })}
      {delivery.lastError ? ` · ${delivery.lastError}` : ''}
    </li>
  );
}

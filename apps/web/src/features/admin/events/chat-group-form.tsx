import type { EventResource } from '@cwh/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';

/**
 * The event's community chat group (the WeChat group of the China region): the invite link its
 * QR code encodes. PUT /events/{id} with the event's other attributes unchanged; empty clears it.
 */
export function ChatGroupForm({ event, onSaved }: { event: EventResource; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState(event.attributes.chatGroupUrl ?? '');
  const { run, busy, message } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const chatGroupUrl = url.trim() === '' ? null : url.trim();
    const done = chatGroupUrl ? t('events.chatGroup.saved') : t('events.chatGroup.cleared');
    const ok = await run(() => adminApi.changeEvent(event, { chatGroupUrl }), done);
    if (ok) onSaved();
  }

  return (
    <section>
      <h3>{t('events.chatGroup.title')}</h3>
      <p className="muted">{t('events.chatGroup.hint')}</p>
      <form className="admin-form" onSubmit={submit} data-testid="chat-group-form">
        <Field label={t('events.chatGroup.label')}>
          <input
            className="input"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
            data-testid="chat-group-url"
          />
        </Field>
        <button className="button" type="submit" disabled={busy}>
          {t('events.chatGroup.save')}
        </button>
      </form>
      {message}
    </section>
  );
}

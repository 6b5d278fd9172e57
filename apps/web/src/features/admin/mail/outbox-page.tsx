import type { MailMessageResource } from '@cwh/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { useAction } from '../console/admin-ui';

/** /admin/outbox: mail the embedded default keeps instead of sending (no SMTP_URL). */
export function OutboxPage() {
  const { t } = useTranslation('admin');
  const [mails, setMails] = useState<MailMessageResource[]>([]);
  const { run, message } = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    void run(async () => setMails((await adminApi.outbox()).data), '');
  }, []);
  return (
    <section data-testid="admin-outbox">
      <h2 className="section-title">{t('outbox.title')}</h2>
      <p className="muted">{t('outbox.lead')}</p>
      {message}
      {mails.map((mail) => (
        <article key={mail.id} className="admin-card" data-testid="outbox-mail" data-to={mail.attributes.to}>
          <strong>{mail.attributes.subject}</strong>
          <p className="muted">
            {t('outbox.to', { to: mail.attributes.to })} · {mail.attributes.createdAt}
          </p>
          <pre className="admin-json">{mail.attributes.text}</pre>
        </article>
      ))}
      {mails.length === 0 ? <p className="muted">{t('common.none')}</p> : null}
    </section>
  );
}

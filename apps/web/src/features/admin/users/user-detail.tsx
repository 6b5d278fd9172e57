import type { EmailAddressResource, GameAccountResource, PhoneNumberResource } from '@cwh/contract';
import { LOCALES } from '@cwh/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { Field, useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';
import { userAccountApi } from './user-account-api';

interface Detail {
  emails: EmailAddressResource[];
  phones: PhoneNumberResource[];
  accounts: GameAccountResource[];
}

function GameAccountRow({
  userId,
  account,
  onChanged,
}: {
  userId: string;
  account: GameAccountResource;
  onChanged: () => void;
}) {
  const { t } = useTranslation('adminusers');
  const [name, setName] = useState(account.attributes.username);
  const { run, busy, message } = useAction();
  return (
    <li data-testid="game-account">
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => userAccountApi.renameGameAccount(userId, account.id, name)).then(
            (ok) => ok && onChanged(),
          );
        }}
      >
        <span className="badge">{account.attributes.playerTag}</span>
        <Field label={t('gameAccounts.username')}>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <button className="button" type="submit" disabled={busy}>
          {t('gameAccounts.save')}
        </button>
        <button
          className="button button--ghost"
          type="button"
          disabled={busy}
          onClick={() =>
            void run(() => userAccountApi.deleteGameAccount(userId, account.id)).then(
              (ok) => ok && onChanged(),
            )
          }
        >
          {t('gameAccounts.delete')}
        </button>
      </form>
      {message}
    </li>
  );
}

/** One user's avatar, e-mail addresses, phone numbers and game accounts, for support and admins. */
export function UserDetail({
  userId,
  avatarUrl,
  locale,
}: {
  userId: string;
  avatarUrl: string | null;
  /** The language of the user's mails (null: their request's, else English). */
  locale?: string | null;
}) {
  const { t } = useTranslation('adminusers');
  const [mailLocale, setMailLocale] = useState(locale ?? '');
  const [detail, setDetail] = useState<Detail | null>(null);
  const [avatar, setAvatar] = useState(avatarUrl);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [tag, setTag] = useState('');
  const [username, setUsername] = useState('');
  const { run, busy, message } = useAction();
  const load = useCallback(async () => {
    const [emails, phones, accounts] = await Promise.all([
      userAccountApi.emails(userId),
      userAccountApi.phones(userId),
      userAccountApi.gameAccounts(userId),
    ]);
    setDetail({ emails: emails.data, phones: phones.data, accounts: accounts.data });
  }, [userId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is new on every render; load once per user
  useEffect(() => {
    void run(load, '');
  }, [load]);
  const reload = () => void run(load, '');
  const when = (iso: string | null) => (iso ? gmt(iso) : '');
  const submit = (action: () => Promise<unknown>, after: () => void, okText: string) => (e: FormEvent) => {
    e.preventDefault();
    void run(action, okText).then((ok) => {
      if (!ok) return;
      after();
      void load();
    });
  };
  const status = (verified: boolean, expiresAt: string | null) =>
    verified ? (
      <span className="badge">{t('verified')}</span>
    ) : (
      <span className="badge badge--archived">
        {expiresAt ? t('pendingUntil', { date: when(expiresAt) }) : t('pending')}
      </span>
    );

  return (
    <div className="admin-card" data-testid="user-detail">
      <form
        aria-label={t('mailLanguage.title')}
        className="admin-form"
        onSubmit={submit(
          () => userAccountApi.setLocale(userId, mailLocale || null),
          () => {},
          t('mailLanguage.saved'),
        )}
      >
        <Field label={t('mailLanguage.title')}>
          <select
            className="input"
            value={mailLocale}
            onChange={(e) => setMailLocale(e.target.value)}
            data-testid="user-mail-locale"
          >
            <option value="">{t('mailLanguage.auto')}</option>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </Field>
        <button
          className="button button--ghost"
          type="submit"
          disabled={busy}
          data-testid="user-mail-locale-save"
        >
          {t('mailLanguage.save')}
        </button>
      </form>
      <section aria-label={t('avatar.title')}>
        <h3>{t('avatar.title')}</h3>
        {avatar ? (
          <img src={avatar} alt={t('avatar.alt')} width={64} height={64} data-testid="user-avatar" />
        ) : (
          <p className="muted">{t('avatar.none')}</p>
        )}
        <div className="admin-form">
          <Field label={t('avatar.upload')}>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="avatar-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  void run(async () => {
                    const stored = await userAccountApi.uploadAvatar(userId, file);
                    setAvatar(stored.data.attributes.url);
                  }, t('avatar.saved'));
              }}
            />
          </Field>
          {avatar ? (
            <button
              className="button button--ghost"
              type="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await userAccountApi.removeAvatar(userId);
                  setAvatar(null);
                }, t('avatar.removed'))
              }
            >
              {t('avatar.remove')}
            </button>
          ) : null}
        </div>
        <p className="muted">{t('avatar.hint')}</p>
      </section>

      <section aria-label={t('emails.title')}>
        <h3>{t('emails.title')}</h3>
        <ul data-testid="user-emails">
          {detail?.emails.map((a) => (
            <li key={a.id} data-testid="user-email">
              {a.attributes.email} {status(a.attributes.verified, a.attributes.expiresAt)}{' '}
              {a.attributes.verified ? null : (
                <button
                  className="button button--ghost"
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void run(() => userAccountApi.resendEmail(userId, a.id), t('emails.resent')).then(() =>
                      load(),
                    )
                  }
                >
                  {t('resend')}
                </button>
              )}
            </li>
          ))}
          {detail && detail.emails.length === 0 ? <li className="muted">{t('emails.none')}</li> : null}
        </ul>
        <form
          className="admin-form"
          onSubmit={submit(
            () => userAccountApi.addEmail(userId, email),
            () => setEmail(''),
            t('emails.sent'),
          )}
        >
          <Field label={t('emails.add')}>
            <input
              className="input"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Field>
          <button className="button" type="submit" disabled={busy}>
            {t('emails.addSubmit')}
          </button>
        </form>
      </section>

      <section aria-label={t('phones.title')}>
        <h3>{t('phones.title')}</h3>
        <ul data-testid="user-phones">
          {detail?.phones.map((p) => (
            <li key={p.id} data-testid="user-phone">
              {p.attributes.phone} {status(p.attributes.verified, p.attributes.expiresAt)}{' '}
              {p.attributes.verified ? null : (
                <button
                  className="button button--ghost"
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void run(() => userAccountApi.resendPhone(userId, p.id), t('phones.resent')).then(() =>
                      load(),
                    )
                  }
                >
                  {t('resend')}
                </button>
              )}
            </li>
          ))}
          {detail && detail.phones.length === 0 ? <li className="muted">{t('phones.none')}</li> : null}
        </ul>
        <form
          className="admin-form"
          onSubmit={submit(
            () => userAccountApi.addPhone(userId, phone),
            () => setPhone(''),
            t('phones.sent'),
          )}
        >
          <Field label={t('phones.add')}>
            <input
              className="input"
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              placeholder="+33612345678"
              required
            />
          </Field>
          <button className="button" type="submit" disabled={busy}>
            {t('phones.addSubmit')}
          </button>
        </form>
        <p className="muted">{t('phones.noSms')}</p>
      </section>

      <section aria-label={t('gameAccounts.title')}>
        <h3>{t('gameAccounts.title')}</h3>
        <ul>
          {detail?.accounts.map((a) => (
            <GameAccountRow
              key={`${a.id}-${a.attributes.username}`}
              userId={userId}
              account={a}
              onChanged={reload}
            />
          ))}
          {detail && detail.accounts.length === 0 ? (
            <li className="muted">{t('gameAccounts.none')}</li>
          ) : null}
        </ul>
        <form
          className="admin-form"
          onSubmit={submit(
            () => userAccountApi.addGameAccount(userId, username, tag),
            () => {
              setUsername('');
              setTag('');
            },
            t('gameAccounts.added'),
          )}
        >
          <Field label={t('gameAccounts.username')}>
            <input
              className="input"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              data-testid="new-account-name"
            />
          </Field>
          <Field label={t('gameAccounts.playerTag')}>
            <input
              className="input"
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              placeholder="#2PP"
              required
              data-testid="new-account-tag"
            />
          </Field>
          <button className="button" type="submit" disabled={busy}>
            {t('gameAccounts.add')}
          </button>
        </form>
      </section>
      {message}
    </div>
  );
}

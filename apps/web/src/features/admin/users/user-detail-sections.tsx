import type { EmailAddressResource, GameAccountResource, PhoneNumberResource } from '@cwh/contract';
import { LOCALES } from '@cwh/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { Field, useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';
import { userAccountApi } from './user-account-api';

export type Run = ReturnType<typeof useAction>['run'];
/** A form's submit handler: runs the action, then on success `after` and a reload. */
export type Submit = (
  action: () => Promise<unknown>,
  after: () => void,
  okText: string,
) => (e: FormEvent) => void;

export function GameAccountRow({
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

export function MailLanguageForm({
  userId,
  locale,
  busy,
  submit,
}: {
  userId: string;
  locale?: string | null;
  busy: boolean;
  submit: Submit;
}) {
  const { t } = useTranslation('adminusers');
  const [mailLocale, setMailLocale] = useState(locale ?? '');
  return (
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
  );
}

export function AvatarSection({
  userId,
  avatarUrl,
  busy,
  run,
}: {
  userId: string;
  avatarUrl: string | null;
  busy: boolean;
  run: Run;
}) {
  const { t } = useTranslation('adminusers');
  const [avatar, setAvatar] = useState(avatarUrl);
  return (
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
  );
}

/** A contact's badge: verified, or pending (until when, if it expires). */
function VerificationStatus({ verified, expiresAt }: { verified: boolean; expiresAt: string | null }) {
  const { t } = useTranslation('adminusers');
  return verified ? (
    <span className="badge">{t('verified')}</span>
  ) : (
    <span className="badge badge--archived">
      {expiresAt ? t('pendingUntil', { date: gmt(expiresAt) }) : t('pending')}
    </span>
  );
}

/** One e-mail address or phone number, with a resend button while it is unverified. */
function ContactItem({
  testId,
  value,
  verified,
  expiresAt,
  busy,
  onResend,
}: {
  testId: string;
  value: string;
  verified: boolean;
  expiresAt: string | null;
  busy: boolean;
  onResend: () => void;
}): ReactNode {
  const { t } = useTranslation('adminusers');
  return (
    <li data-testid={testId}>
      {value} <VerificationStatus verified={verified} expiresAt={expiresAt} />{' '}
      {verified ? null : (
        <button className="button button--ghost" type="button" disabled={busy} onClick={onResend}>
          {t('resend')}
        </button>
      )}
    </li>
  );
}

interface SectionProps {
  userId: string;
  busy: boolean;
  run: Run;
  submit: Submit;
  load: () => Promise<void>;
}

export function EmailsSection({
  emails,
  userId,
  busy,
  run,
  submit,
  load,
}: SectionProps & { emails: EmailAddressResource[] | undefined }) {
  const { t } = useTranslation('adminusers');
  const [email, setEmail] = useState('');
  return (
    <section aria-label={t('emails.title')}>
      <h3>{t('emails.title')}</h3>
      <ul data-testid="user-emails">
        {emails?.map((a) => (
          <ContactItem
            key={a.id}
            testId="user-email"
            value={a.attributes.email}
            verified={a.attributes.verified}
            expiresAt={a.attributes.expiresAt}
            busy={busy}
            onResend={() =>
              void run(() => userAccountApi.resendEmail(userId, a.id), t('emails.resent')).then(() => load())
            }
          />
        ))}
        {emails && emails.length === 0 ? <li className="muted">{t('emails.none')}</li> : null}
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
  );
}

export function PhonesSection({
  phones,
  userId,
  busy,
  run,
  submit,
  load,
}: SectionProps & { phones: PhoneNumberResource[] | undefined }) {
  const { t } = useTranslation('adminusers');
  const [phone, setPhone] = useState('');
  return (
    <section aria-label={t('phones.title')}>
      <h3>{t('phones.title')}</h3>
      <ul data-testid="user-phones">
        {phones?.map((p) => (
          <ContactItem
            key={p.id}
            testId="user-phone"
            value={p.attributes.phone}
            verified={p.attributes.verified}
            expiresAt={p.attributes.expiresAt}
            busy={busy}
            onResend={() =>
              void run(() => userAccountApi.resendPhone(userId, p.id), t('phones.resent')).then(() => load())
            }
          />
        ))}
        {phones && phones.length === 0 ? <li className="muted">{t('phones.none')}</li> : null}
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
  );
}

import type { EmailAddressResource, GameAccountResource, PhoneNumberResource } from '@cwh/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useAction } from '../console/admin-ui';
import { userAccountApi } from './user-account-api';
import {
  AvatarSection,
  EmailsSection,
  GameAccountRow,
  MailLanguageForm,
  PhonesSection,
  type Submit,
} from './user-detail-sections';

interface Detail {
  emails: EmailAddressResource[];
  phones: PhoneNumberResource[];
  accounts: GameAccountResource[];
}

/** A user's addresses, numbers and game accounts, loaded once per user, and the one action status. */
function useUserDetail(userId: string) {
  const [detail, setDetail] = useState<Detail | null>(null);
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
  const submit: Submit = (action, after, okText) => (e: FormEvent) => {
    e.preventDefault();
    void run(action, okText).then((ok) => {
      if (!ok) return;
      after();
      void load();
    });
  };
  return { detail, run, busy, message, load, reload, submit };
}

function GameAccountsSection({
  userId,
  accounts,
  busy,
  submit,
  reload,
}: {
  userId: string;
  accounts: GameAccountResource[] | undefined;
  busy: boolean;
  submit: Submit;
  reload: () => void;
}) {
  const { t } = useTranslation('adminusers');
  const [tag, setTag] = useState('');
  const [username, setUsername] = useState('');
  return (
    <section aria-label={t('gameAccounts.title')}>
      <h3>{t('gameAccounts.title')}</h3>
      <ul>
        {accounts?.map((a) => (
          <GameAccountRow
            key={`${a.id}-${a.attributes.username}`}
            userId={userId}
            account={a}
            onChanged={reload}
          />
        ))}
        {accounts && accounts.length === 0 ? <li className="muted">{t('gameAccounts.none')}</li> : null}
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
  const { detail, run, busy, message, load, reload, submit } = useUserDetail(userId);
  const shared = { userId, busy, run, submit, load };
  return (
    <div className="admin-card" data-testid="user-detail">
      <MailLanguageForm userId={userId} locale={locale} busy={busy} submit={submit} />
      <AvatarSection userId={userId} avatarUrl={avatarUrl} busy={busy} run={run} />
      <EmailsSection emails={detail?.emails} {...shared} />
      <PhonesSection phones={detail?.phones} {...shared} />
      <GameAccountsSection
        userId={userId}
        accounts={detail?.accounts}
        busy={busy}
        submit={submit}
        reload={reload}
      />
      {message}
    </div>
  );
}

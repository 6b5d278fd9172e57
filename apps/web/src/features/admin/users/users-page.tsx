import type { AdminUserResource } from '@cwh/contract';
import { formatPermissions } from '@cwh/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';
import { UserDetail } from './user-detail';

function UserRow({ user, onChanged }: { user: AdminUserResource; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tu } = useTranslation('adminusers');
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const { run, busy, message } = useAction();
  const a = user.attributes;
  async function suspend(e: FormEvent) {
    e.preventDefault();
    if (await run(() => adminApi.suspend(user.id, reason))) onChanged();
  }
  return (
    <li className="admin-card" data-testid="admin-user" data-email={a.email}>
      <div className="admin-form">
        <strong data-testid="user-alias">{a.alias}</strong>
        <span className="muted">{a.email}</span>
        {a.permissions.length > 0 ? <span className="badge">{formatPermissions(a)}</span> : null}
        {a.suspended ? (
          <span className="badge badge--archived" data-testid="user-suspended">
            {t('users.suspended', { reason: a.suspensionReason ?? '' })}
          </span>
        ) : null}
      </div>
      <div className="admin-form">
        {a.suspended ? (
          <button
            className="button"
            type="button"
            disabled={busy}
            onClick={() => void run(() => adminApi.unsuspend(user.id)).then((ok) => ok && onChanged())}
          >
            {t('users.unsuspend')}
          </button>
        ) : (
          <form className="admin-form" onSubmit={suspend}>
            <Field label={t('users.reason')}>
              <input
                className="input"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
                data-testid="suspend-reason"
              />
            </Field>
            <button className="button" type="submit" disabled={busy} data-testid="suspend">
              {t('users.suspend')}
            </button>
          </form>
        )}
        <button
          className="button button--ghost"
          type="button"
          disabled={busy}
          data-testid="reset-password"
          onClick={() => void run(() => adminApi.resetPassword(user.id), t('users.resetSent'))}
        >
          {t('users.resetPassword')}
        </button>
        <button
          className="button button--ghost"
          type="button"
          aria-expanded={open}
          data-testid="user-details"
          onClick={() => setOpen(!open)}
        >
          {open ? tu('hideDetails') : tu('details')}
        </button>
      </div>
      {message}
      {open ? (
        <UserDetail userId={user.id} avatarUrl={a.avatarUrl ?? null} locale={a.locale ?? null} />
      ) : null}
    </li>
  );
}

/** /admin/users: search by name, e-mail or player tag; suspend, unsuspend, send a password reset. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ users: AdminUserResource[]; totalPages: number } | null>(null);
  const { run, message } = useAction();
  const load = (p = page) =>
    run(async () => {
      const list = await adminApi.users(search, p);
      setResult({ users: list.data, totalPages: list.meta?.page.totalPages ?? 1 });
      setPage(p);
    }, '');
  return (
    <section data-testid="admin-users">
      <h2 className="section-title">{t('users.title')}</h2>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          void load(1);
        }}
      >
        <Field label={t('users.search')}>
          <input
            className="input"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('users.searchPlaceholder')}
            data-testid="user-search"
          />
        </Field>
        <button className="button button--primary" type="submit">
          {t('users.searchSubmit')}
        </button>
      </form>
      {message}
      <ul className="admin-list">
        {result?.users.map((user) => (
          <UserRow
            key={`${user.id}-${user.attributes.suspended}`}
            user={user}
            onChanged={() => void load()}
          />
        ))}
      </ul>
      {result && result.totalPages > 1 ? (
        <div className="admin-form">
          <button className="button" type="button" disabled={page <= 1} onClick={() => void load(page - 1)}>
            {t('common.previous')}
          </button>
          <span>{t('common.page', { page, total: result.totalPages })}</span>
          <button
            className="button"
            type="button"
            disabled={page >= result.totalPages}
            onClick={() => void load(page + 1)}
          >
            {t('common.next')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

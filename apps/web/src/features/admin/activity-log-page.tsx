import type { ActivityLogResource } from '@cwh/contract';
import { localInputToIso } from '@cwh/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from './admin-api';
import { Field, useAction } from './admin-ui';

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value, null, 1);

/** /admin/activity: who did what, when, from where, with the state before and after. */
export function ActivityLogPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState({ action: '', target: '', user: '', from: '', to: '' });
  const [entries, setEntries] = useState<ActivityLogResource[]>([]);
  const { run, message } = useAction();
  const load = () =>
    run(async () => {
      const from = filter.from ? localInputToIso(filter.from) : null;
      const to = filter.to ? localInputToIso(filter.to) : null;
      const list = await adminApi.activity({
        'filter[action]': filter.action || undefined,
        'filter[target]': filter.target || undefined,
        'filter[user]': filter.user || undefined,
        'filter[date.from]': from ?? undefined,
        'filter[date.to]': to ?? undefined,
        'page[size]': 100,
      });
      setEntries(list.data);
    }, '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    void load();
  }, []);
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter({ ...filter, [key]: e.target.value });
  function submit(e: FormEvent) {
    e.preventDefault();
    void load();
  }
  return (
    <section data-testid="admin-activity">
      <h2 className="section-title">{t('activity.title')}</h2>
      <form className="admin-form" onSubmit={submit}>
        <Field label={t('activity.action')}>
          <input
            className="input"
            value={filter.action}
            onChange={set('action')}
            placeholder="user.suspend"
            data-testid="activity-action"
          />
        </Field>
        <Field label={t('activity.target')}>
          <input className="input" value={filter.target} onChange={set('target')} placeholder="users:…" />
        </Field>
        <Field label={t('activity.user')}>
          <input className="input" value={filter.user} onChange={set('user')} />
        </Field>
        <Field label={t('activity.from')}>
          <input className="input" type="datetime-local" value={filter.from} onChange={set('from')} />
        </Field>
        <Field label={t('activity.to')}>
          <input className="input" type="datetime-local" value={filter.to} onChange={set('to')} />
        </Field>
        <button className="button button--primary" type="submit">
          {t('activity.filter')}
        </button>
      </form>
      {message}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('activity.when')}</th>
              <th>{t('activity.action')}</th>
              <th>{t('activity.target')}</th>
              <th>{t('activity.who')}</th>
              <th>{t('activity.before')}</th>
              <th>{t('activity.after')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="activity-entry" data-action={entry.attributes.action}>
                <td>{entry.attributes.createdAt}</td>
                <td>{entry.attributes.action}</td>
                <td>
                  {entry.attributes.targetType}:{entry.attributes.targetId}
                </td>
                <td>
                  {entry.relationships.user.data ? (
                    <span data-testid="activity-user" title={entry.relationships.user.data.id}>
                      {entry.attributes.userAlias ?? entry.relationships.user.data.id}
                    </span>
                  ) : (
                    t('activity.anonymous')
                  )}
                  <br />
                  <span className="muted">{entry.attributes.ipAddress}</span>
                </td>
                <td>
                  <pre className="admin-json">{json(entry.attributes.before)}</pre>
                </td>
                <td>
                  <pre className="admin-json">{json(entry.attributes.after)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 ? <p className="muted">{t('common.none')}</p> : null}
    </section>
  );
}

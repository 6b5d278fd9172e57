import type { ActivityLogResource } from '@cwh/contract';
import { activityChanges } from '@cwh/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { formatDateTime } from '../../../lib/dates';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';

/** Kinds of object the log names; those seen in the loaded entries are added. */
const KNOWN_TYPES = ['events', 'segments', 'match-series', 'rosters', 'users', 'email-addresses', 'disputes'];

interface Filter {
  actor: string;
  action: string;
  type: string;
  /** One object (its id), within the type when one is chosen. */
  object: string;
  from: string;
  to: string;
}

/** A `date` input's day in the viewer's time zone, as the ISO instant of its start or its end. */
export function dayBoundary(day: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59) : new Date(y, m - 1, d, 0, 0, 0);
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `type:id`, `type:` or `id` (the server's filter[target]); undefined for any object. */
function targetOf(filter: Filter): string | undefined {
  const id = filter.object.trim();
  if (filter.type) return `${filter.type}:${id}`;
  return id || undefined;
}

/** The change of one entry as a before/after list (domain `activityChanges`), never raw JSON. */
function ChangeList({ entry }: { entry: ActivityLogResource }) {
  const { t } = useTranslation('admin');
  const rows = activityChanges(entry.attributes.before, entry.attributes.after);
  if (rows.length === 0) return <span className="muted">{t('activity.noChange')}</span>;
  return (
    <table className="admin-table admin-table--compact" data-testid="activity-change">
      <thead>
        <tr>
          <th>{t('activity.field')}</th>
          <th>{t('activity.before')}</th>
          <th>{t('activity.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} data-testid="activity-change-row" data-field={row.field}>
            <td>{row.field}</td>
            <td>{row.before ?? '—'}</td>
            <td>{row.after ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Seen = { actions: string[]; types: string[] };

/** The entries of the current filter, and the actions and object kinds seen so far (the pickers). */
function useActivityLog(filter: Filter) {
  const { t } = useTranslation('admin');
  const [entries, setEntries] = useState<ActivityLogResource[]>([]);
  const [seen, setSeen] = useState<Seen>({ actions: [], types: KNOWN_TYPES });
  const { run, message, setStatus } = useAction();

  async function actorId(text: string): Promise<string | null | undefined> {
    if (!text.trim()) return undefined;
    const found = await adminApi.users(text.trim(), 1);
    return found.data[0]?.id ?? null;
  }

  const load = (current: Filter) =>
    run(async () => {
      const user = await actorId(current.actor);
      if (user === null) {
        setEntries([]);
        throw new Error(t('activity.noActor', { actor: current.actor.trim() }));
      }
      const list = await adminApi.activity({
        'filter[action]': current.action.trim() || undefined,
        'filter[target]': targetOf(current),
        'filter[user]': user,
        'filter[date.from]': dayBoundary(current.from, false),
        'filter[date.to]': dayBoundary(current.to, true),
        'page[size]': 100,
      });
      setEntries(list.data);
      setSeen((s) => ({
        actions: [...new Set([...s.actions, ...list.data.map((e) => e.attributes.action)])].sort(),
        types: [...new Set([...s.types, ...list.data.map((e) => e.attributes.targetType)])].sort(),
      }));
    }, '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    void load(filter);
  }, []);
  return { entries, seen, load, message, setStatus };
}

function TextFilter({
  label,
  value,
  onChange,
  testId,
  type,
}: {
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  testId: string;
  type?: 'date';
}) {
  return (
    <Field label={label}>
      <input className="input" type={type} value={value} onChange={onChange} data-testid={testId} />
    </Field>
  );
}

/** Actor, action, object kind and id, and a day range. */
function ActivityFilterForm({
  filter,
  setFilter,
  seen,
  onSubmit,
}: {
  filter: Filter;
  setFilter: (filter: Filter) => void;
  seen: Seen;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation('admin');
  const set = (key: keyof Filter) => (e: { target: { value: string } }) =>
    setFilter({ ...filter, [key]: e.target.value });
  return (
    <form className="admin-form" onSubmit={onSubmit}>
      <TextFilter
        label={t('activity.actor')}
        value={filter.actor}
        onChange={set('actor')}
        testId="activity-actor"
      />
      <Field label={t('activity.action')}>
        <input
          className="input"
          value={filter.action}
          onChange={set('action')}
          list="activity-actions"
          data-testid="activity-action"
        />
        <datalist id="activity-actions">
          {seen.actions.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </Field>
      <Field label={t('activity.type')}>
        <select className="input" value={filter.type} onChange={set('type')} data-testid="activity-type">
          <option value="">{t('activity.anyType')}</option>
          {seen.types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Field>
      <TextFilter
        label={t('activity.object')}
        value={filter.object}
        onChange={set('object')}
        testId="activity-object"
      />
      <TextFilter
        label={t('activity.from')}
        type="date"
        value={filter.from}
        onChange={set('from')}
        testId="activity-from"
      />
      <TextFilter
        label={t('activity.to')}
        type="date"
        value={filter.to}
        onChange={set('to')}
        testId="activity-to"
      />
      <button className="button button--primary" type="submit" data-testid="activity-filter">
        {t('activity.filter')}
      </button>
    </form>
  );
}

/** One entry: when, who (and from where), the action, the object and the change. */
function ActivityRow({ entry }: { entry: ActivityLogResource }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const a = entry.attributes;
  const user = entry.relationships.user.data;
  return (
    <tr data-testid="activity-entry" data-action={a.action}>
      <td>
        <time dateTime={a.createdAt}>{formatDateTime(a.createdAt, locale)}</time>
      </td>
      <td>
        {user ? (
          <span data-testid="activity-user" title={user.id}>
            {a.userAlias ?? user.id}
          </span>
        ) : (
          t('activity.anonymous')
        )}
        <br />
        <span className="muted">{a.ipAddress}</span>
      </td>
      <td>{a.action}</td>
      <td>
        {a.targetType}
        <br />
        <span className="muted" title={a.targetId}>
          {a.targetId}
        </span>
      </td>
      <td>
        <ChangeList entry={entry} />
      </td>
    </tr>
  );
}

/** /admin/activity: who did what, when, on which object, and the change field by field; filterable. */
export function ActivityLogPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<Filter>({
    actor: '',
    action: '',
    type: '',
    object: '',
    from: '',
    to: '',
  });
  const { entries, seen, load, message, setStatus } = useActivityLog(filter);
  function submit(e: FormEvent) {
    e.preventDefault();
    setStatus(null);
    void load(filter);
  }
  return (
    <section data-testid="admin-activity">
      <h2 className="section-title">{t('activity.title')}</h2>
      <ActivityFilterForm filter={filter} setFilter={setFilter} seen={seen} onSubmit={submit} />
      {message}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('activity.when')}</th>
              <th>{t('activity.who')}</th>
              <th>{t('activity.action')}</th>
              <th>{t('activity.target')}</th>
              <th>{t('activity.change')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 ? <p className="muted">{t('common.none')}</p> : null}
    </section>
  );
}

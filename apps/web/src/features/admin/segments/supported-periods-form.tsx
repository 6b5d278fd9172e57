import { parseCount, toFlag } from '@cwh/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type ListItem } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';

interface SupportedPeriod {
  name: string;
  key: string;
  sortOrder: number;
  isRequired: number;
  isFinalResult: number;
}

const KIND = 'supported-periods';

/**
 * A segment's supported periods (spec 3, 7: name, key, sortOrder, isRequired, isFinalResult under
 * /events/{e}/segments/{s}/supported-periods): the list by sort order, each removable, and a form
 * that adds one. sortOrder and the two flags go out as integers (spec 5).
 */
export function SupportedPeriodsForm({ eventId, segmentId }: { eventId: string; segmentId: string }) {
  const { t } = useTranslation('adminperiods');
  const [periods, setPeriods] = useState<ListItem<SupportedPeriod>[]>([]);
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [sortOrder, setSortOrder] = useState('');
  const [required, setRequired] = useState(false);
  const [finalResult, setFinalResult] = useState(false);
  const { run, busy, message, setStatus } = useAction();
  const load = useCallback(async () => {
    const list = await adminApi.listItems<SupportedPeriod>(eventId, segmentId, KIND);
    setPeriods([...list.data].sort((a, b) => a.attributes.sortOrder - b.attributes.sortOrder));
  }, [eventId, segmentId]);
  useEffect(() => {
    void load().catch(() => setStatus({ kind: 'error', text: t('loadError') }));
  }, [load, setStatus, t]);

  async function add(e: FormEvent) {
    e.preventDefault();
    const order = parseCount(sortOrder);
    if (order === null) return setStatus({ kind: 'error', text: t('invalidSortOrder') });
    const attributes: SupportedPeriod = {
      name: name.trim(),
      key: key.trim(),
      sortOrder: order,
      isRequired: toFlag(required),
      isFinalResult: toFlag(finalResult),
    };
    if (await run(() => adminApi.addItem(eventId, segmentId, KIND, attributes), t('added'))) {
      setName('');
      setKey('');
      setSortOrder('');
      setRequired(false);
      setFinalResult(false);
      await load();
    }
  }
  async function remove(id: string) {
    if (await run(() => adminApi.deleteItem(eventId, segmentId, KIND, id), t('removed'))) await load();
  }

  return (
    <section className="admin-periods" data-testid="supported-periods">
      <p className="muted">
        {t('title')}: {periods.length === 0 ? t('none') : null}
      </p>
      {periods.length > 0 ? (
        <ul className="admin-items" data-testid="period-items">
          {periods.map((p) => {
            const a = p.attributes;
            const flags = [a.isRequired ? t('required') : null, a.isFinalResult ? t('finalResult') : null]
              .filter(Boolean)
              .join(', ');
            const label = `${a.sortOrder}. ${a.name} (${a.key})${flags ? ` · ${flags}` : ''}`;
            return (
              <li key={p.id} className="admin-form">
                <span>{label}</span>
                <button
                  className="button button--ghost button--small"
                  type="button"
                  disabled={busy}
                  aria-label={t('removeItem', { item: a.name })}
                  onClick={() => void remove(p.id)}
                >
                  {t('remove')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <form className="admin-form" onSubmit={add} data-testid="period-form">
        <Field label={t('name')}>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field label={t('key')}>
          <input className="input" value={key} onChange={(e) => setKey(e.target.value)} required />
        </Field>
        <Field label={t('sortOrder')}>
          <input
            className="input"
            inputMode="numeric"
            value={sortOrder}
            onChange={(e) => setSortOrder(e.target.value)}
            required
          />
        </Field>
        <label className="admin-check">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          <span>{t('required')}</span>
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={finalResult} onChange={(e) => setFinalResult(e.target.checked)} />
          <span>{t('finalResult')}</span>
        </label>
        <button className="button" type="submit" disabled={busy}>
          {t('add')}
        </button>
      </form>
      {message}
    </section>
  );
}

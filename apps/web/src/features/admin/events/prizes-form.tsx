import type { EventPrizes, EventResource, PrizePlacement } from '@cwh/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';

/** `1=300000`, `3-4=50000`: one placement (or range) and its amount per line. */
const PLACEMENT_LINE = /^(\d+)(?:\s*-\s*(\d+))?\s*=\s*(\d+)$/;

/** The placements text of the form → placements, or the 1-based number of the first bad line. */
export function parsePlacements(text: string): PrizePlacement[] | { badLine: number } {
  const out: PrizePlacement[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = PLACEMENT_LINE.exec(line);
    if (!match) return { badLine: index + 1 };
    const placement = Number(match[1]);
    out.push({ placement, placementTo: Number(match[2] ?? placement), amount: Number(match[3]) });
  }
  return out;
}

export const formatPlacements = (placements: readonly PrizePlacement[]) =>
  placements
    .map(
      (p) => `${p.placementTo > p.placement ? `${p.placement}-${p.placementTo}` : p.placement}=${p.amount}`,
    )
    .join('\n');

const amountOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** A whole, non-negative amount. */
function AmountField({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <Field label={label}>
      <input
        className="input"
        type="number"
        min={0}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
      />
    </Field>
  );
}

/** The form's fields from the event's prizes, and Save (checked placements) and Remove. */
function usePrizesForm(event: EventResource, onSaved: () => void) {
  const { t } = useTranslation('finals');
  const current = event.attributes.prizes ?? null;
  const [currency, setCurrency] = useState(current?.currency ?? 'USD');
  const [pool, setPool] = useState(current ? String(current.pool) : '');
  const [monthly, setMonthly] = useState(current?.monthlyFinalsPool?.toString() ?? '');
  const [championship, setChampionship] = useState(current?.championshipFinalsPool?.toString() ?? '');
  const [placements, setPlacements] = useState(formatPlacements(current?.placements ?? []));
  const [invalid, setInvalid] = useState<string | null>(null);
  const { run, busy, message } = useAction();
  const save = (prizes: EventPrizes | null) => run(() => adminApi.changeEvent(event, { prizes }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parsePlacements(placements);
    if ('badLine' in parsed) {
      setInvalid(t('prizes.form.badLine', { line: parsed.badLine }));
      return;
    }
    setInvalid(null);
    const prizes = {
      currency: currency.trim().toUpperCase(),
      pool: Number(pool),
      monthlyFinalsPool: amountOrNull(monthly),
      championshipFinalsPool: amountOrNull(championship),
      placements: parsed,
    };
    if (await save(prizes)) onSaved();
  }

  async function remove() {
    if (await save(null)) onSaved();
  }
  const fields = { currency, pool, monthly, championship, placements };
  const setters = { setCurrency, setPool, setMonthly, setChampionship, setPlacements };
  return { current, fields, setters, invalid, busy, message, submit, remove };
}

/** The event's prizes for the organizer (PUT /events/{id} with the event's other attributes unchanged). */
export function PrizesForm({ event, onSaved }: { event: EventResource; onSaved: () => void }) {
  const { t } = useTranslation('finals');
  const { current, fields, setters, invalid, busy, message, submit, remove } = usePrizesForm(event, onSaved);

  return (
    <section>
      <h3>{t('prizes.form.title')}</h3>
      <form className="admin-form" onSubmit={submit} data-testid="prizes-form">
        <Field label={t('prizes.form.currency')}>
          <input
            className="input"
            value={fields.currency}
            onChange={(e) => setters.setCurrency(e.target.value)}
            pattern="[A-Za-z]{3}"
            maxLength={3}
            required
          />
        </Field>
        <AmountField label={t('prizes.pool')} value={fields.pool} onChange={setters.setPool} required />
        <AmountField
          label={t('prizes.monthlyFinalsPool')}
          value={fields.monthly}
          onChange={setters.setMonthly}
        />
        <AmountField
          label={t('prizes.championshipFinalsPool')}
          value={fields.championship}
          onChange={setters.setChampionship}
        />
        <Field label={t('prizes.form.placements')}>
          <textarea
            className="input"
            rows={4}
            value={fields.placements}
            onChange={(e) => setters.setPlacements(e.target.value)}
            placeholder={'1=300000\n3-4=50000'}
          />
        </Field>
        <button className="button button--primary" type="submit" disabled={busy}>
          {t('prizes.form.save')}
        </button>
        {current ? (
          <button
            className="button button--ghost"
            type="button"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('prizes.form.remove')}
          </button>
        ) : null}
        {invalid ? (
          <p className="admin-status admin-status--error" role="alert">
            {invalid}
          </p>
        ) : null}
        {message}
      </form>
    </section>
  );
}

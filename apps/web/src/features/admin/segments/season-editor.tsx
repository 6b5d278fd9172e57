import type { EventResource, SegmentResource } from '@cwh/contract';
import { isoToLocalInput, localInputToIso, parseCount, parsePlacements } from '@cwh/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type ListItem } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';
import { NameTranslationsForm } from '../console/name-translations-form';
import { CheckinWindowForm } from './checkin-window-form';
import { ItemList, Timeline } from './season-timeline';
import { SegmentCreateForm } from './segment-create-form';
import { SupportedPeriodsForm } from './supported-periods-form';

interface Props {
  eventId: string;
}

function SegmentForm({
  eventId,
  segment,
  others,
  onSaved,
}: Props & { segment: SegmentResource; others: SegmentResource[]; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const a = segment.attributes;
  const [from, setFrom] = useState(isoToLocalInput(a.date.from));
  const [to, setTo] = useState(isoToLocalInput(a.date.to));
  const [limit, setLimit] = useState(String(a.rostersLimit.limit));
  const [playersMax, setPlayersMax] = useState(String(a.rosterSize.playersMax));
  const [playersMin, setPlayersMin] = useState(String(a.rosterSize.playersMin));
  const [standby, setStandby] = useState(String(a.rostersLimit.standbyLimit));
  const [phaseName, setPhaseName] = useState('');
  const [phaseFrom, setPhaseFrom] = useState('');
  const [phaseTo, setPhaseTo] = useState('');
  const [placements, setPlacements] = useState('');
  const [next, setNext] = useState(others[0]?.id ?? '');
  const [rules, setRules] = useState<ListItem<{ placements: number[]; nextSegmentId: string }>[]>([]);
  const [phases, setPhases] = useState<ListItem<{ name: string; date: { from: string; to: string } }>[]>([]);
  const { run, busy, message, setStatus } = useAction();
  const loadRules = useCallback(async () => {
    const [ruleList, phaseList] = await Promise.all([
      adminApi.listItems<{ placements: number[]; nextSegmentId: string }>(
        eventId,
        segment.id,
        'advance-rules',
      ),
      adminApi.listItems<{ name: string; date: { from: string; to: string } }>(
        eventId,
        segment.id,
        'registration-phases',
      ),
    ]);
    setRules(ruleList.data);
    setPhases(phaseList.data);
  }, [eventId, segment.id]);
  /** Removes a registration phase or an advance rule, then shows the segment as saved. */
  async function removeItem(kind: 'registration-phases' | 'advance-rules', id: string) {
    const ok = await run(async () => {
      await adminApi.deleteItem(eventId, segment.id, kind, id);
      if (kind === 'advance-rules') await loadRules();
    });
    if (ok && kind === 'registration-phases') onSaved();
  }
  useEffect(() => {
    void loadRules();
  }, [loadRules]);
  const invalid = (key: string) => setStatus({ kind: 'error', text: t(key) });

  async function saveSegment(e: FormEvent) {
    e.preventDefault();
    const dates = { from: localInputToIso(from), to: localInputToIso(to) };
    const counts = {
      limit: parseCount(limit),
      playersMax: parseCount(playersMax),
      playersMin: parseCount(playersMin),
      standby: parseCount(standby),
    };
    if (!dates.from || !dates.to) return invalid('form.invalidDate');
    if (Object.values(counts).some((count) => count === null)) return invalid('form.invalidNumber');
    const ok = await run(() =>
      adminApi.patchSegment(eventId, segment.id, {
        date: dates,
        rostersLimit: { ...a.rostersLimit, limit: counts.limit, standbyLimit: counts.standby },
        rosterSize: { ...a.rosterSize, playersMin: counts.playersMin, playersMax: counts.playersMax },
      }),
    );
    if (ok) onSaved();
  }
  async function addPhase(e: FormEvent) {
    e.preventDefault();
    const date = { from: localInputToIso(phaseFrom), to: localInputToIso(phaseTo) };
    if (!date.from || !date.to) return invalid('form.invalidDate');
    const ok = await run(() =>
      adminApi.addItem(eventId, segment.id, 'registration-phases', {
        name: phaseName,
        phaseType: 'registration',
        date,
      }),
    );
    if (ok) onSaved();
  }
  async function addRule(e: FormEvent) {
    e.preventDefault();
    const list = parsePlacements(placements);
    if (!list) return invalid('form.invalidPlacements');
    // "Saved" once the list shows the new rule, not before it is read back.
    await run(async () => {
      await adminApi.addItem(eventId, segment.id, 'advance-rules', { placements: list, nextSegmentId: next });
      await loadRules();
    });
  }

  return (
    <div className="admin-card" data-testid="segment-editor" data-name={a.name}>
      <h4>{a.name}</h4>
      <form className="admin-form" onSubmit={saveSegment}>
        <Field label={t('segment.from')}>
          <input
            className="input"
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="segment-from"
          />
        </Field>
        <Field label={t('segment.to')}>
          <input
            className="input"
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            data-testid="segment-to"
          />
        </Field>
        <Field label={t('segment.rostersLimit')}>
          <input
            className="input"
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
        </Field>
        <Field label={t('segment.standbyLimit')}>
          <input
            className="input"
            inputMode="numeric"
            value={standby}
            onChange={(e) => setStandby(e.target.value)}
          />
        </Field>
        <Field label={t('segment.playersMin')}>
          <input
            className="input"
            inputMode="numeric"
            value={playersMin}
            onChange={(e) => setPlayersMin(e.target.value)}
          />
        </Field>
        <Field label={t('segment.playersMax')}>
          <input
            className="input"
            inputMode="numeric"
            value={playersMax}
            onChange={(e) => setPlayersMax(e.target.value)}
          />
        </Field>
        <button className="button button--primary" type="submit" disabled={busy} data-testid="segment-save">
          {t('common.save')}
        </button>
      </form>
      <p className="muted">
        {t('segment.phases')}: {a.registrationPhases.length === 0 ? t('common.none') : null}
      </p>
      <ItemList
        items={phases.map((p) => ({
          id: p.id,
          label: `${p.attributes.name} (${gmt(p.attributes.date.from)} → ${gmt(p.attributes.date.to)})`,
        }))}
        busy={busy}
        testId="phase-items"
        onRemove={(id) => void removeItem('registration-phases', id)}
      />
      <form className="admin-form" onSubmit={addPhase} data-testid="phase-form">
        <Field label={t('segment.phaseName')}>
          <input
            className="input"
            value={phaseName}
            onChange={(e) => setPhaseName(e.target.value)}
            required
          />
        </Field>
        <Field label={t('segment.from')}>
          <input
            className="input"
            type="datetime-local"
            value={phaseFrom}
            onChange={(e) => setPhaseFrom(e.target.value)}
          />
        </Field>
        <Field label={t('segment.to')}>
          <input
            className="input"
            type="datetime-local"
            value={phaseTo}
            onChange={(e) => setPhaseTo(e.target.value)}
          />
        </Field>
        <button className="button" type="submit" disabled={busy}>
          {t('segment.addPhase')}
        </button>
      </form>
      <p className="muted">
        {t('segment.rules')}: {rules.length === 0 ? t('common.none') : null}
      </p>
      <ItemList
        items={rules.map((r) => ({
          id: r.id,
          label: `${r.attributes.placements.join(', ')} → ${others.find((o) => o.id === r.attributes.nextSegmentId)?.attributes.name ?? '?'}`,
        }))}
        busy={busy}
        testId="rule-items"
        onRemove={(id) => void removeItem('advance-rules', id)}
      />
      {others.length > 0 ? (
        <form className="admin-form" onSubmit={addRule} data-testid="rule-form">
          <Field label={t('segment.placements')}>
            <input
              className="input"
              value={placements}
              onChange={(e) => setPlacements(e.target.value)}
              placeholder="1, 2, 3"
            />
          </Field>
          <Field label={t('segment.nextSegment')}>
            <select className="input" value={next} onChange={(e) => setNext(e.target.value)}>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.attributes.name}
                </option>
              ))}
            </select>
          </Field>
          <button className="button" type="submit" disabled={busy}>
            {t('segment.addRule')}
          </button>
        </form>
      ) : null}
      <CheckinWindowForm eventId={eventId} segment={segment} onSaved={onSaved} />
      <NameTranslationsForm
        names={a.nameTranslations}
        save={(nameTranslations) => adminApi.patchSegment(eventId, segment.id, { nameTranslations })}
        onSaved={onSaved}
        testId="segment-names-form"
      />
      <SupportedPeriodsForm eventId={eventId} segmentId={segment.id} />
      {message}
    </div>
  );
}

/**
 * An event's segments: the timeline with its Add stage form, then one editor per segment (dates,
 * limits, phases, rules, check-in window, supported periods). `event` may be left out where only the
 * editors are wanted; the Add stage form needs the event's dates and town hall levels.
 */
export function SeasonEditor({ eventId, event }: Props & { event?: EventResource }) {
  const [segments, setSegments] = useState<SegmentResource[] | null>(null);
  const load = useCallback(async () => setSegments((await adminApi.segments(eventId)).data), [eventId]);
  useEffect(() => {
    void load();
  }, [load]);
  const list = segments ?? [];
  return (
    <div>
      {segments ? <Timeline eventId={eventId} segments={segments} /> : null}
      {event && segments ? (
        <SegmentCreateForm event={event} segments={segments} onCreated={() => void load()} />
      ) : null}
      {list.map((segment) => (
        <SegmentForm
          key={`${segment.id}-${segment.attributes.date.from}-${segment.attributes.registrationPhases.length}-${list.length}`}
          eventId={eventId}
          segment={segment}
          others={list.filter((s) => s.id !== segment.id)}
          onSaved={() => void load()}
        />
      ))}
    </div>
  );
}

import type { SegmentResource } from '@cwh/contract';
import { isoToLocalInput, localInputToIso, parseCount, parsePlacements } from '@cwh/domain';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type ListItem } from '../console/admin-api';
import { Field, type useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';
import { ItemList } from './season-timeline';

type Rule = ListItem<{ placements: number[]; nextSegmentId: string }>;
type Phase = ListItem<{ name: string; date: { from: string; to: string } }>;

/** What a part of the segment editor shares: the one action status, and a refusal shown in it. */
export interface SegmentAction {
  run: ReturnType<typeof useAction>['run'];
  busy: boolean;
  invalid: (key: string) => void;
}

/** A segment's advance rules and registration phases, as the admin list reads them. */
export function useSegmentItems(eventId: string, segmentId: string) {
  const [rules, setRules] = useState<Rule[]>([]);
  const [phases, setPhases] = useState<Phase[]>([]);
  const loadRules = useCallback(async () => {
    const [ruleList, phaseList] = await Promise.all([
      adminApi.listItems<{ placements: number[]; nextSegmentId: string }>(
        eventId,
        segmentId,
        'advance-rules',
      ),
      adminApi.listItems<{ name: string; date: { from: string; to: string } }>(
        eventId,
        segmentId,
        'registration-phases',
      ),
    ]);
    setRules(ruleList.data);
    setPhases(phaseList.data);
  }, [eventId, segmentId]);
  useEffect(() => {
    void loadRules();
  }, [loadRules]);
  return { rules, phases, loadRules };
}

function TextField({
  label,
  value,
  onChange,
  type,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'datetime-local';
  testId?: string;
}) {
  return (
    <Field label={label}>
      <input
        className="input"
        type={type}
        inputMode={type ? undefined : 'numeric'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </Field>
  );
}

/** The segment's dates, rosters limits and roster size. */
export function SegmentSettingsForm({
  eventId,
  segment,
  action: { run, busy, invalid },
  onSaved,
}: {
  eventId: string;
  segment: SegmentResource;
  action: SegmentAction;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const a = segment.attributes;
  const [from, setFrom] = useState(isoToLocalInput(a.date.from));
  const [to, setTo] = useState(isoToLocalInput(a.date.to));
  const [limit, setLimit] = useState(String(a.rostersLimit.limit));
  const [playersMax, setPlayersMax] = useState(String(a.rosterSize.playersMax));
  const [playersMin, setPlayersMin] = useState(String(a.rosterSize.playersMin));
  const [standby, setStandby] = useState(String(a.rostersLimit.standbyLimit));

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

  return (
    <form className="admin-form" onSubmit={saveSegment}>
      <TextField
        label={t('segment.from')}
        type="datetime-local"
        value={from}
        onChange={setFrom}
        testId="segment-from"
      />
      <TextField
        label={t('segment.to')}
        type="datetime-local"
        value={to}
        onChange={setTo}
        testId="segment-to"
      />
      <TextField label={t('segment.rostersLimit')} value={limit} onChange={setLimit} />
      <TextField label={t('segment.standbyLimit')} value={standby} onChange={setStandby} />
      <TextField label={t('segment.playersMin')} value={playersMin} onChange={setPlayersMin} />
      <TextField label={t('segment.playersMax')} value={playersMax} onChange={setPlayersMax} />
      <button className="button button--primary" type="submit" disabled={busy} data-testid="segment-save">
        {t('common.save')}
      </button>
    </form>
  );
}

/** The segment's registration phases and the form adding one. */
export function PhasesSection({
  eventId,
  segment,
  phases,
  action: { run, busy, invalid },
  onRemove,
  onSaved,
}: {
  eventId: string;
  segment: SegmentResource;
  phases: Phase[];
  action: SegmentAction;
  onRemove: (id: string) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const [phaseName, setPhaseName] = useState('');
  const [phaseFrom, setPhaseFrom] = useState('');
  const [phaseTo, setPhaseTo] = useState('');
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
  return (
    <>
      <p className="muted">
        {t('segment.phases')}: {segment.attributes.registrationPhases.length === 0 ? t('common.none') : null}
      </p>
      <ItemList
        items={phases.map((p) => ({
          id: p.id,
          label: `${p.attributes.name} (${gmt(p.attributes.date.from)} → ${gmt(p.attributes.date.to)})`,
        }))}
        busy={busy}
        testId="phase-items"
        onRemove={onRemove}
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
        <TextField
          label={t('segment.from')}
          type="datetime-local"
          value={phaseFrom}
          onChange={setPhaseFrom}
        />
        <TextField label={t('segment.to')} type="datetime-local" value={phaseTo} onChange={setPhaseTo} />
        <button className="button" type="submit" disabled={busy}>
          {t('segment.addPhase')}
        </button>
      </form>
    </>
  );
}

/** The segment's advance rules (placements → next segment) and the form adding one. */
export function RulesSection({
  eventId,
  segmentId,
  rules,
  others,
  action: { run, busy, invalid },
  onRemove,
  loadRules,
}: {
  eventId: string;
  segmentId: string;
  rules: Rule[];
  others: SegmentResource[];
  action: SegmentAction;
  onRemove: (id: string) => void;
  loadRules: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const [placements, setPlacements] = useState('');
  const [next, setNext] = useState(others[0]?.id ?? '');
  async function addRule(e: FormEvent) {
    e.preventDefault();
    const list = parsePlacements(placements);
    if (!list) return invalid('form.invalidPlacements');
    // "Saved" once the list shows the new rule, not before it is read back.
    await run(async () => {
      await adminApi.addItem(eventId, segmentId, 'advance-rules', { placements: list, nextSegmentId: next });
      await loadRules();
    });
  }
  return (
    <>
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
        onRemove={onRemove}
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
    </>
  );
}

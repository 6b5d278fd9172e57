import type { EventResource, SegmentResource } from '@cwh/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { useAction } from '../console/admin-ui';
import { NameTranslationsForm } from '../console/name-translations-form';
import { CheckinWindowForm } from './checkin-window-form';
import { Timeline } from './season-timeline';
import { SegmentCreateForm } from './segment-create-form';
import {
  PhasesSection,
  RulesSection,
  type SegmentAction,
  SegmentSettingsForm,
  useSegmentItems,
} from './segment-form-parts';
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
  const { rules, phases, loadRules } = useSegmentItems(eventId, segment.id);
  const { run, busy, message, setStatus } = useAction();
  /** Removes a registration phase or an advance rule, then shows the segment as saved. */
  async function removeItem(kind: 'registration-phases' | 'advance-rules', id: string) {
    const ok = await run(async () => {
      await adminApi.deleteItem(eventId, segment.id, kind, id);
      if (kind === 'advance-rules') await loadRules();
    });
    if (ok && kind === 'registration-phases') onSaved();
  }
  const action: SegmentAction = { run, busy, invalid: (key) => setStatus({ kind: 'error', text: t(key) }) };

  return (
    <div className="admin-card" data-testid="segment-editor" data-name={a.name}>
      <h4>{a.name}</h4>
      <SegmentSettingsForm eventId={eventId} segment={segment} action={action} onSaved={onSaved} />
      <PhasesSection
        eventId={eventId}
        segment={segment}
        phases={phases}
        action={action}
        onRemove={(id) => void removeItem('registration-phases', id)}
        onSaved={onSaved}
      />
      <RulesSection
        eventId={eventId}
        segmentId={segment.id}
        rules={rules}
        others={others}
        action={action}
        onRemove={(id) => void removeItem('advance-rules', id)}
        loadRules={loadRules}
      />
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

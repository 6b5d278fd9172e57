import type { SegmentResource } from '@cwh/contract';
import { isoToLocalInput, localInputToIso } from '@cwh/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';

/** The check-in window fields (segmentCheckinsConfig): a switch, and the window's start and end once it is on. */
export function CheckinWindowFields({
  enabled,
  from,
  to,
  onChange,
}: {
  enabled: boolean;
  from: string;
  to: string;
  onChange: (change: { enabled?: boolean; from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <label className="stage-choice">
        <input type="checkbox" checked={enabled} onChange={(e) => onChange({ enabled: e.target.checked })} />
        {t('segment.checkin')}
      </label>
      {enabled ? (
        <>
          <Field label={t('segment.checkinFrom')}>
            <input
              className="input"
              type="datetime-local"
              value={from}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          </Field>
          <Field label={t('segment.checkinTo')}>
            <input
              className="input"
              type="datetime-local"
              value={to}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          </Field>
        </>
      ) : null}
    </>
  );
}

/** A stage's check-in window (segmentCheckinsConfig), saved on its own in the stage's editor. */
export function CheckinWindowForm({
  eventId,
  segment,
  onSaved,
}: {
  eventId: string;
  segment: SegmentResource;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const config = segment.attributes.segmentCheckinsConfig;
  const [enabled, setEnabled] = useState(config.enabled);
  const [from, setFrom] = useState(config.openWindow ? isoToLocalInput(config.openWindow.from) : '');
  const [to, setTo] = useState(config.openWindow ? isoToLocalInput(config.openWindow.to) : '');
  const { run, busy, message, setStatus } = useAction();
  async function save(e: FormEvent) {
    e.preventDefault();
    const window = { from: localInputToIso(from), to: localInputToIso(to) };
    if (enabled && (!window.from || !window.to))
      return setStatus({ kind: 'error', text: t('form.checkinWindow') });
    if (enabled && window.from! > window.to!) return setStatus({ kind: 'error', text: t('form.dateOrder') });
    const openWindow = enabled ? { from: window.from!, to: window.to! } : null;
    const ok = await run(() =>
      adminApi.patchSegment(eventId, segment.id, { segmentCheckinsConfig: { enabled, openWindow } }),
    );
    if (ok) onSaved();
  }
  return (
    <form className="admin-form" onSubmit={save} data-testid="checkin-window-form" noValidate>
      <CheckinWindowFields
        enabled={enabled}
        from={from}
        to={to}
        onChange={(c) => {
          if (c.enabled !== undefined) setEnabled(c.enabled);
          if (c.from !== undefined) setFrom(c.from);
          if (c.to !== undefined) setTo(c.to);
        }}
      />
      <button className="button" type="submit" disabled={busy}>
        {t('segment.checkinSave')}
      </button>
      {message}
    </form>
  );
}

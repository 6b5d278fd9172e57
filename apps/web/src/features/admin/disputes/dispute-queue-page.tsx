import type { AdminMatchSeriesResource, DisputeResource } from '@cwh/contract';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale, useLocalizedPath } from '../../../i18n/use-locale';
import { formatDateTime } from '../../../lib/dates';
import { attachmentPath } from '../../match-room/dispute-api';
import { Screenshot } from '../../match-room/screenshot';
import { RecordResultDialog } from '../brackets/stage-result-dialog';
import { adminApi } from '../console/admin-api';
import { adminToken } from '../console/admin-session';
import { Field, useAction } from '../console/admin-ui';
import { type DisputeFilter, disputeAdminApi } from './dispute-admin-api';
import './disputes-admin.css';

/** What the dispute says: teams and score, who filed it and when, its reason, screenshots and notes. */
function DisputeFacts({ dispute }: { dispute: DisputeResource }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const a = dispute.attributes;
  const home = a.series.home.name ?? t('common:tbd');
  const away = a.series.away.name ?? t('common:tbd');
  const by = a.side === 'home' ? home : away;
  return (
    <>
      <header className="dispute-card__top">
        <strong>
          {t('queue.teams', { home, away })} ·{' '}
          {t('queue.score', {
            home: a.series.home.score ?? '–',
            away: a.series.away.score ?? '–',
          })}
        </strong>
        <span className={`badge badge--${a.status === 'open' ? 'upcoming' : 'muted'}`}>
          {t(`queue.state.${a.status}`)}
        </span>
      </header>
      <p className="muted dispute-card__meta">
        {t('queue.filed', { team: by, time: formatDateTime(a.createdAt, locale) })} ·{' '}
        <a href={localize(`/match/${a.matchSeriesId}`)} target="_blank" rel="noreferrer">
          {t('queue.openMatch')}
        </a>
      </p>
      <p className="dispute-card__reason" data-testid="dispute-card-reason">
        {a.reason}
      </p>
      {a.attachmentIds.length > 0 ? (
        <ul className="dispute-card__shots" aria-label={t('screenshots')}>
          {a.attachmentIds.map((id, n) => (
            <li key={id}>
              <Screenshot
                url={attachmentPath(a.matchSeriesId, id)}
                alt={t('screenshotAlt', { n: n + 1 })}
                className="dispute-card__thumb"
                token={adminToken()}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('queue.noScreenshots')}</p>
      )}
      {a.resolutionNote ? <p className="muted">{t('note', { note: a.resolutionNote })}</p> : null}
      {a.internalReason ? (
        <p className="muted" data-testid="dispute-internal-reason">
          {t('queue.internalShown', { reason: a.internalReason })}
        </p>
      ) : null}
    </>
  );
}

/** An open dispute's note to the captains, internal reason, and Uphold / Correct the result. */
function DisputeActions({
  note,
  internal,
  setNote,
  setInternal,
  busy,
  message,
  onUphold,
  onCorrect,
}: {
  note: string;
  internal: string;
  setNote: (note: string) => void;
  setInternal: (reason: string) => void;
  busy: boolean;
  message: ReactNode;
  onUphold: (event: FormEvent) => void;
  onCorrect: () => void;
}) {
  const { t } = useTranslation('disputes');
  return (
    <form className="dispute-card__actions" onSubmit={onUphold}>
      <Field label={t('queue.note')}>
        <textarea
          className="input"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="dispute-note-input"
        />
      </Field>
      <Field label={t('queue.internalReason')}>
        <textarea
          className="input"
          rows={2}
          value={internal}
          onChange={(e) => setInternal(e.target.value)}
          data-testid="dispute-internal-input"
        />
      </Field>
      <div className="dispute-card__buttons">
        <button className="button button--primary" type="submit" disabled={busy} data-testid="dispute-uphold">
          {t('queue.uphold')}
        </button>
        <button
          className="button button--ghost"
          type="button"
          onClick={onCorrect}
          disabled={busy}
          data-testid="dispute-correct"
        >
          {t('queue.correct')}
        </button>
      </div>
      {message}
    </form>
  );
}

function DisputeCard({ dispute, onChanged }: { dispute: DisputeResource; onChanged: () => void }) {
  const { t } = useTranslation('disputes');
  const a = dispute.attributes;
  const [note, setNote] = useState('');
  const [internal, setInternal] = useState('');
  const [correcting, setCorrecting] = useState<AdminMatchSeriesResource | null>(null);
  const { run, busy, message, setStatus } = useAction();

  async function uphold(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setStatus({ kind: 'error', text: t('queue.noteRequired') });
      return;
    }
    const ok = await run(() => disputeAdminApi.uphold(dispute.id, note.trim(), internal), t('queue.upheld'));
    if (ok) onChanged();
  }

  async function correct() {
    // The captains are told why their result changed: the note comes first.
    if (!note.trim()) {
      setStatus({ kind: 'error', text: t('queue.noteRequired') });
      return;
    }
    try {
      setCorrecting((await disputeAdminApi.series(a.matchSeriesId)).data);
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }

  return (
    <li className="card dispute-card" data-testid="dispute-card" data-status={a.status}>
      <DisputeFacts dispute={dispute} />
      {a.status === 'open' ? (
        <DisputeActions
          note={note}
          internal={internal}
          setNote={setNote}
          setInternal={setInternal}
          busy={busy}
          message={message}
          onUphold={uphold}
          onCorrect={correct}
        />
      ) : null}
      {correcting ? (
        <RecordResultDialog
          series={correcting}
          onClose={() => setCorrecting(null)}
          reasonLabel={t('queue.internalReasonRequired')}
          initialReason={internal}
          submit={(input) => disputeAdminApi.correct(dispute.id, input, note.trim())}
          onSaved={() => {
            setCorrecting(null);
            setStatus({ kind: 'ok', text: t('queue.corrected') });
            onChanged();
          }}
        />
      ) : null}
    </li>
  );
}

/** The organizer's dispute window of a segment (minutes after a result; 0 turns disputes off). */
function DisputeWindowForm() {
  const { t } = useTranslation('disputes');
  const [events, setEvents] = useState<{ id: string; name: string }[]>([]);
  const [segments, setSegments] = useState<{ id: string; name: string }[]>([]);
  const [eventId, setEventId] = useState('');
  const [segmentId, setSegmentId] = useState('');
  const [minutes, setMinutes] = useState('');
  const { run, busy, message, setStatus } = useAction();

  useEffect(() => {
    adminApi
      .events()
      .then((list) => setEvents(list.data.map((e) => ({ id: e.id, name: e.attributes.name }))))
      .catch(() => setEvents([]));
  }, []);
  useEffect(() => {
    setSegments([]);
    setSegmentId('');
    if (!eventId) return;
    adminApi
      .segments(eventId)
      .then((list) => setSegments(list.data.map((s) => ({ id: s.id, name: s.attributes.name }))))
      .catch(() => setSegments([]));
  }, [eventId]);
  useEffect(() => {
    setMinutes('');
    if (!segmentId) return;
    disputeAdminApi
      .settings(segmentId)
      .then((doc) => setMinutes(String(doc.data.attributes.disputeWindowMinutes)))
      .catch(() => setMinutes(''));
  }, [segmentId]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = Number(minutes.trim());
    if (!segmentId || minutes.trim() === '' || !Number.isInteger(value) || value < 0 || value > 10080) {
      setStatus({ kind: 'error', text: t('queue.window.invalid') });
      return;
    }
    await run(() => disputeAdminApi.saveSettings(segmentId, value), t('queue.window.saved'));
  }

  return (
    <form className="card dispute-window" onSubmit={save} data-testid="dispute-window-form">
      <h2>{t('queue.window.title')}</h2>
      <p className="muted">{t('queue.window.hint')}</p>
      <div className="dispute-window__fields">
        <Field label={t('queue.window.event')}>
          <select className="input" value={eventId} onChange={(e) => setEventId(e.target.value)}>
            <option value="">—</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('queue.window.segment')}>
          <select className="input" value={segmentId} onChange={(e) => setSegmentId(e.target.value)}>
            <option value="">—</option>
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('queue.window.minutes')}>
          <input
            className="input"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            data-testid="dispute-window-minutes"
          />
        </Field>
      </div>
      <button className="button button--primary" type="submit" disabled={busy || !segmentId}>
        {t('queue.window.save')}
      </button>
      {message}
    </form>
  );
}

/** /admin/disputes: the dispute queue (reason, screenshots, uphold or correct) and the window setting. */
export function DisputeQueuePage() {
  const { t } = useTranslation('disputes');
  const [filter, setFilter] = useState<DisputeFilter>('open');
  const [list, setList] = useState<DisputeResource[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the read on purpose
  useEffect(() => {
    let live = true;
    setFailed(false);
    disputeAdminApi
      .queue(filter)
      .then((doc) => live && setList(doc.data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [filter, version]);

  return (
    <section className="admin-page disputes-admin" data-testid="admin-disputes">
      <header className="disputes-admin__head">
        <h1>{t('queue.title')}</h1>
        <label className="disputes-admin__filter">
          <span>{t('queue.show')}</span>
          <select
            className="input"
            value={filter}
            onChange={(e) => setFilter(e.target.value as DisputeFilter)}
            data-testid="dispute-filter"
          >
            <option value="open">{t('queue.filterOpen')}</option>
            <option value="all">{t('queue.filterAll')}</option>
          </select>
        </label>
      </header>
      {failed ? (
        <p role="alert">{t('queue.error')}</p>
      ) : list === null ? (
        <p className="muted">{t('queue.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="dispute-queue-empty">
          {t('queue.empty')}
        </p>
      ) : (
        <ul className="dispute-list">
          {list.map((d) => (
            <DisputeCard key={d.id} dispute={d} onChanged={reload} />
          ))}
        </ul>
      )}
      <DisputeWindowForm />
    </section>
  );
}

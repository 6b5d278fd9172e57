import { DISPUTE_UPDATED_EVENT } from '@cwh/contract/constants';
import { MAX_ATTACHMENT_BYTES, MAX_DISPUTE_ATTACHMENTS, MAX_DISPUTE_REASON_LENGTH } from '@cwh/domain';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { reportError } from '../../lib/error-reporter';
import { realtimeFor } from '../../lib/realtime';
import { useSession } from '../session/session-store';
import {
  attachmentPath,
  type Dispute,
  fetchSeriesDisputes,
  openDispute,
  type SeriesDisputes,
  uploadScreenshot,
} from './dispute-api';
import { disputePanel, reasonRefusal, refusalKey, SCREENSHOT_TYPES, screenshotRefusal } from './dispute-view';
import { Screenshot } from './screenshot';
import './match-dispute.css';

/**
 * The series' disputes as the viewer may see them (captains of the two sides, the event's staff),
 * read again on every `matches:dispute_updated` of this series and on a socket reconnect.
 */
function useSeriesDisputes(matchSeriesId: string, enabled: boolean) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.userId : null;
  const token = session.scToken?.value ?? null;
  const [read, setRead] = useState<SeriesDisputes | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the read on purpose
  useEffect(() => {
    if (!enabled || !userId) {
      setRead(null);
      return;
    }
    const controller = new AbortController();
    fetchSeriesDisputes(matchSeriesId, controller.signal)
      .then(setRead)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setRead(null);
        // Anyone but the two captains and the staff is refused: nothing to show, nothing to report.
        if (!(error instanceof ApiError && (error.status === 403 || error.status === 401)))
          void reportError(error, { disputes: 'read' });
      });
    return () => controller.abort();
  }, [matchSeriesId, enabled, userId, version]);

  useEffect(() => {
    if (!enabled) return;
    const client = realtimeFor(userId, token);
    if (!client) return;
    const off = client.subscribe((message) => {
      if (message.event === DISPUTE_UPDATED_EVENT && message.data.matchSeries.id === matchSeriesId) reload();
    });
    const offReconnect = client.onReconnect(reload);
    return () => {
      off();
      offReconnect();
    };
  }, [matchSeriesId, enabled, userId, token, reload]);

  return { read, reload };
}

interface Shot {
  id: string;
  name: string;
}

function DisputeForm({
  matchSeriesId,
  onSent,
  onCancel,
}: {
  matchSeriesId: string;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('disputes');
  const reasonId = useId();
  const fileId = useId();
  const [reason, setReason] = useState('');
  const [shots, setShots] = useState<Shot[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    let count = shots.length;
    for (const file of files) {
      const refused = screenshotRefusal(file, count);
      if (refused) {
        setError(
          t(`refusal.${refused}`, {
            max: refused === 'tooBig' ? MAX_ATTACHMENT_BYTES / (1024 * 1024) : MAX_DISPUTE_ATTACHMENTS,
          }),
        );
        continue;
      }
      setBusy(true);
      try {
        const uploaded = await uploadScreenshot(matchSeriesId, file);
        count += 1;
        setShots((list) => [...list, { id: uploaded.id, name: file.name }]);
      } catch (caught) {
        setError(t(caught instanceof ApiError ? refusalKey(caught.code) : 'refusal.failed'));
      } finally {
        setBusy(false);
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = reasonRefusal(reason);
    if (refused) {
      setError(t(`refusal.${refused}`, { max: MAX_DISPUTE_REASON_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await openDispute(
        matchSeriesId,
        reason.trim(),
        shots.map((s) => s.id),
      );
      onSent();
    } catch (caught) {
      setError(t(caught instanceof ApiError ? refusalKey(caught.code) : 'refusal.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="match-dispute__form" onSubmit={submit} noValidate data-testid="dispute-form">
      <label htmlFor={reasonId}>{t('reason')}</label>
      <textarea
        id={reasonId}
        className="input"
        rows={4}
        maxLength={MAX_DISPUTE_REASON_LENGTH}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        aria-required="true"
        data-testid="dispute-reason"
      />
      <label htmlFor={fileId}>{t('screenshots')}</label>
      <p className="muted match-dispute__hint">
        {t('screenshotsHint', { size: MAX_ATTACHMENT_BYTES / (1024 * 1024), count: MAX_DISPUTE_ATTACHMENTS })}
      </p>
      <input
        id={fileId}
        type="file"
        accept={SCREENSHOT_TYPES.join(',')}
        multiple
        onChange={addFiles}
        disabled={busy || shots.length >= MAX_DISPUTE_ATTACHMENTS}
        data-testid="dispute-file"
      />
      {shots.length > 0 ? (
        <ul className="match-dispute__shots" data-testid="dispute-shots">
          {shots.map((shot) => (
            <li key={shot.id}>
              <Screenshot
                url={attachmentPath(matchSeriesId, shot.id)}
                alt={shot.name}
                className="match-dispute__thumb"
              />
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setShots((list) => list.filter((s) => s.id !== shot.id))}
                aria-label={t('removeNamed', { name: shot.name })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="match-dispute__error" role="alert" data-testid="dispute-error">
          {error}
        </p>
      ) : null}
      <div className="match-dispute__actions">
        <button className="button button--ghost" type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button className="button button--primary" type="submit" disabled={busy} data-testid="dispute-submit">
          {busy ? t('sending') : t('submit')}
        </button>
      </div>
    </form>
  );
}

function DisputeStatus({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  return (
    <div className="match-dispute__status" data-testid="dispute-status" data-status={dispute.status}>
      <p className="match-dispute__state">{t(`status.${dispute.status}`)}</p>
      <p className="match-dispute__reason">{t('yourReason', { reason: dispute.reason })}</p>
      {dispute.attachmentIds.length > 0 ? (
        <ul className="match-dispute__shots">
          {dispute.attachmentIds.map((id, n) => (
            <li key={id}>
              <Screenshot
                url={attachmentPath(dispute.matchSeriesId, id)}
                alt={t('screenshotAlt', { n: n + 1 })}
                className="match-dispute__thumb"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {dispute.resolutionNote ? (
        <p className="match-dispute__note" data-testid="dispute-note">
          {t('note', { note: dispute.resolutionNote })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The dispute button, form and status of a match page (issue #13): the two captains dispute a
 * recorded result while the organizer's window is open (a reason and screenshots), then see the
 * dispute's status; the organizer's decision arrives over the socket. Nothing for anyone else.
 */
export function MatchDispute({
  matchSeriesId,
  finished,
  captainIds,
}: {
  matchSeriesId: string;
  finished: boolean;
  /** The two sides' captains (roster owners): only they are asked, so other viewers make no call. */
  captainIds: readonly (string | null)[];
}) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const session = useSession();
  const captain = session.status === 'signedIn' && captainIds.includes(session.userId);
  const { read, reload } = useSeriesDisputes(matchSeriesId, finished && captain);
  const [editing, setEditing] = useState(false);
  const panel = disputePanel(read);
  if (panel.kind === 'hidden') return null;
  const canDispute = panel.kind === 'form' || panel.canDispute;
  return (
    <section
      className="match-dispute"
      aria-labelledby={`dispute-${matchSeriesId}`}
      data-testid="match-dispute"
    >
      <h2 className="match-dispute__title" id={`dispute-${matchSeriesId}`}>
        {t('title')}
      </h2>
      <div aria-live="polite">
        {panel.kind === 'status' ? <DisputeStatus dispute={panel.dispute} /> : null}
      </div>
      {canDispute && panel.endsAt ? (
        <p className="muted" data-testid="dispute-window">
          {t('window', { time: formatDateTime(panel.endsAt, locale) })}
        </p>
      ) : null}
      {canDispute && !editing ? (
        <button
          className="button button--ghost"
          type="button"
          onClick={() => setEditing(true)}
          data-testid="dispute-open"
        >
          {t('open')}
        </button>
      ) : null}
      {canDispute && editing ? (
        <DisputeForm
          matchSeriesId={matchSeriesId}
          onCancel={() => setEditing(false)}
          onSent={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}

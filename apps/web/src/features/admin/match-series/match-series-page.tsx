import type { EventResource, MatchSeriesResource, SegmentResource } from '@cwh/contract';
import { isoToLocalInput, localInputToIso } from '@cwh/domain';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { Modal } from '../../../lib/modal';
import { RecordResultDialog } from '../brackets/stage-result-dialog';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';
import {
  type AdminSeries,
  EDITABLE_STATES,
  type EditableState,
  FILTER_STATES,
  matchSeriesAdminApi,
  type SeriesFilter,
} from './match-series-admin-api';
import '../brackets/stages.css';
import './match-series.css';
import { gmt } from '../console/console-date';

type View = 'live' | 'deleted';
type Dialog = { kind: 'reset' | 'delete' | 'edit' | 'result' | 'disqualify'; series: AdminSeries } | null;

const REFUSALS = [
  'BRACKET_NODE_CLOSED',
  'BRACKET_RESULT_LOCKED',
  'BYE',
  'ROSTER_IN_PLAY',
  'ROSTER_WITHDRAWN',
  'ROUND_CLOSED',
  'SERIES_FINISHED',
  'STAGE_SERIES',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;

/** The organizer's sentence for a refusal: the reason's text, else the server's detail. */
function useRefusal() {
  const { t } = useTranslation('adminmatches');
  return useCallback(
    async <R,>(action: () => Promise<R>): Promise<R> => {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const first = error.errors[0];
        const reason = (first?.meta as { reason?: string } | undefined)?.reason ?? first?.code;
        const known = (REFUSALS as readonly string[]).includes(reason ?? '');
        throw new Error(
          known
            ? t(`refusal.${reason}`)
            : t('refusal.other', { detail: first?.detail ?? first?.title ?? error.status }),
        );
      }
    },
    [t],
  );
}

function score(c: MatchSeriesResource['attributes']['competitors'][number] | undefined): string {
  if (!c) return '—';
  return c.result.forfeit ? 'FF' : String(c.result.score ?? '—');
}

/** Filters of the list: event, segment, state, round; and the live or deleted view. */
function SeriesFilters({
  filter,
  onChange,
  events,
  segments,
  view,
  onView,
}: {
  filter: SeriesFilter;
  onChange: (f: SeriesFilter) => void;
  events: EventResource[];
  segments: SegmentResource[];
  view: View;
  onView: (v: View) => void;
}) {
  const { t } = useTranslation('adminmatches');
  return (
    <div className="match-series-filters" data-testid="series-filters">
      <Field label={t('filter.event')}>
        <select
          className="input"
          value={filter.eventId}
          onChange={(e) => onChange({ ...filter, eventId: e.target.value, segmentId: '' })}
          data-testid="filter-event"
        >
          <option value="">{t('filter.anyEvent')}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.attributes.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('filter.segment')}>
        <select
          className="input"
          value={filter.segmentId}
          disabled={!filter.eventId}
          onChange={(e) => onChange({ ...filter, segmentId: e.target.value })}
          data-testid="filter-segment"
        >
          <option value="">{t('filter.anySegment')}</option>
          {segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.attributes.name}
            </option>
          ))}
        </select>
      </Field>
      {view === 'live' ? (
        <>
          <Field label={t('filter.state')}>
            <select
              className="input"
              value={filter.state}
              onChange={(e) => onChange({ ...filter, state: e.target.value })}
              data-testid="filter-state"
            >
              <option value="">{t('filter.anyState')}</option>
              {FILTER_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`state.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('filter.round')}>
            <input
              className="input stage-number"
              inputMode="numeric"
              value={filter.round}
              onChange={(e) => onChange({ ...filter, round: e.target.value })}
              data-testid="filter-round"
            />
          </Field>
        </>
      ) : null}
      <fieldset className="match-series-view">
        <legend className="visually-hidden">{t('view.label')}</legend>
        <button
          className={`button${view === 'live' ? ' button--primary' : ''}`}
          type="button"
          aria-pressed={view === 'live'}
          onClick={() => onView('live')}
          data-testid="view-live"
        >
          {t('view.live')}
        </button>
        <button
          className={`button${view === 'deleted' ? ' button--primary' : ''}`}
          type="button"
          aria-pressed={view === 'deleted'}
          onClick={() => onView('deleted')}
          data-testid="view-deleted"
        >
          {t('view.deleted')}
        </button>
      </fieldset>
    </div>
  );
}

/** Reset or delete, with an optional reason kept in the activity log. */
function ConfirmDialog({
  kind,
  series,
  onClose,
  onDone,
}: {
  kind: 'reset' | 'delete';
  series: AdminSeries;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminmatches');
  const formId = useId();
  const [reason, setReason] = useState('');
  const { run, busy, message } = useAction();
  const refusal = useRefusal();
  const [home, away] = series.attributes.competitors;
  const teams = { home: home?.displayName ?? '—', away: away?.displayName ?? '—' };
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await run(() =>
      refusal(() =>
        kind === 'reset'
          ? matchSeriesAdminApi.reset(series.id, reason)
          : matchSeriesAdminApi.remove(series.id, reason),
      ),
    );
    if (ok) onDone();
  }
  return (
    <Modal
      open
      title={t(`${kind}.title`, teams)}
      onClose={onClose}
      testId={`${kind}-dialog`}
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            className={`button ${kind === 'delete' ? 'button--danger' : 'button--primary'}`}
            type="submit"
            form={formId}
            disabled={busy}
            data-testid={`${kind}-confirm`}
          >
            {t(`${kind}.confirm`)}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit}>
        <p>{t(`${kind}.body`, teams)}</p>
        <Field label={t('reasonOptional')}>
          <input
            className="input"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            data-testid={`${kind}-reason`}
          />
        </Field>
        {message}
      </form>
    </Modal>
  );
}

/** Date (UTC) and state of an open series. */
function EditDialog({
  series,
  onClose,
  onDone,
}: {
  series: AdminSeries;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminmatches');
  const formId = useId();
  const a = series.attributes;
  const [date, setDate] = useState(isoToLocalInput(a.date));
  const [state, setState] = useState<EditableState | ''>(
    (EDITABLE_STATES as readonly string[]).includes(a.state) ? (a.state as EditableState) : '',
  );
  const [reason, setReason] = useState('');
  const { run, busy, message, setStatus } = useAction();
  const refusal = useRefusal();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const iso = localInputToIso(date);
    if (!iso) {
      setStatus({ kind: 'error', text: t('edit.badDate') });
      return;
    }
    const attributes = {
      ...(iso !== localInputToIso(isoToLocalInput(a.date)) ? { date: iso } : {}),
      ...(state && state !== a.state ? { state } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    if (!('date' in attributes) && !('state' in attributes)) {
      setStatus({ kind: 'error', text: t('edit.nothing') });
      return;
    }
    const ok = await run(() => refusal(() => matchSeriesAdminApi.update(series.id, attributes)));
    if (ok) onDone();
  }
  return (
    <Modal
      open
      title={t('edit.title')}
      onClose={onClose}
      testId="edit-dialog"
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button className="button button--primary" type="submit" form={formId} disabled={busy}>
            {t('edit.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <Field label={t('edit.date')}>
          <input
            className="input"
            type="datetime-local"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            data-testid="edit-date"
          />
        </Field>
        {a.state === 'finished' ? (
          <p className="muted">{t('edit.finishedState')}</p>
        ) : (
          <Field label={t('edit.state')}>
            <select
              className="input"
              value={state}
              onChange={(e) => setState(e.target.value as EditableState)}
              data-testid="edit-state"
            >
              {EDITABLE_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`state.${s}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label={t('reasonOptional')}>
          <input
            className="input"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        {message}
      </form>
    </Modal>
  );
}

/** Disqualify one side: it forfeits every remaining series; the reason is required. */
function DisqualifyDialog({
  series,
  onClose,
  onDone,
}: {
  series: AdminSeries;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminmatches');
  const formId = useId();
  const sides = series.attributes.competitors.filter((c) => c.roster);
  const [rosterId, setRosterId] = useState(sides[0]?.roster?.id ?? '');
  const [reason, setReason] = useState('');
  // A stage's series: out of this stage by default; the ladder's: the championship only.
  const staged = series.attributes.competition !== 'ladder';
  const [scope, setScope] = useState<'stage' | 'championship'>(staged ? 'stage' : 'championship');
  const { run, busy, message, setStatus } = useAction();
  const refusal = useRefusal();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setStatus({ kind: 'error', text: t('disqualify.reasonRequired') });
      return;
    }
    const ok = await run(() =>
      refusal(() =>
        scope === 'stage'
          ? matchSeriesAdminApi.disqualifyFromStage(series.attributes.segment.id, rosterId, reason)
          : matchSeriesAdminApi.disqualify(rosterId, reason),
      ),
    );
    if (ok) onDone();
  }
  return (
    <Modal
      open
      title={t('disqualify.title')}
      onClose={onClose}
      testId="disqualify-dialog"
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            className="button button--danger"
            type="submit"
            form={formId}
            disabled={busy || !rosterId}
            data-testid="disqualify-confirm"
          >
            {t('disqualify.confirm')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <p>{t(scope === 'stage' ? 'disqualify.bodyStage' : 'disqualify.body')}</p>
        <fieldset>
          <legend>{t('disqualify.team')}</legend>
          {sides.map((c) => (
            <label key={c.id} className="match-series-radio">
              <input
                type="radio"
                name={`${formId}-team`}
                value={c.roster!.id}
                checked={rosterId === c.roster!.id}
                onChange={() => setRosterId(c.roster!.id)}
              />{' '}
              {c.displayName}
            </label>
          ))}
        </fieldset>
        {staged ? (
          <fieldset>
            <legend>{t('disqualify.scope')}</legend>
            {(['stage', 'championship'] as const).map((value) => (
              <label key={value} className="match-series-radio">
                <input
                  type="radio"
                  name={`${formId}-scope`}
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  data-testid={`disqualify-scope-${value}`}
                />{' '}
                {t(`disqualify.scope_${value}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <Field label={t('disqualify.reason')}>
          <input
            className="input"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            data-testid="disqualify-reason"
          />
        </Field>
        {message}
      </form>
    </Modal>
  );
}

/** /admin/match-series: list and filter the series of the events one runs, and act on them. */
export function MatchSeriesPage() {
  const { t } = useTranslation('adminmatches');
  const [events, setEvents] = useState<EventResource[]>([]);
  const [segments, setSegments] = useState<SegmentResource[]>([]);
  const [filter, setFilter] = useState<SeriesFilter>({ eventId: '', segmentId: '', state: '', round: '' });
  const [view, setView] = useState<View>('live');
  const [rows, setRows] = useState<AdminSeries[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { run, message } = useAction();
  const refusal = useRefusal();
  const PAGE = 50;

  useEffect(() => {
    adminApi
      .events()
      .then((list) => setEvents(list.data))
      .catch(() => setEvents([]));
  }, []);
  useEffect(() => {
    if (!filter.eventId) {
      setSegments([]);
      return;
    }
    adminApi
      .segments(filter.eventId)
      .then((list) => setSegments(list.data))
      .catch(() => setSegments([]));
  }, [filter.eventId]);

  const [reload, setReload] = useState(0);
  const load = () => setReload((n) => n + 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on a filter, view or page change, or after an action
  useEffect(() => {
    void run(async () => {
      const list =
        view === 'live'
          ? await refusal(() => matchSeriesAdminApi.list(filter, page, PAGE))
          : await refusal(() => matchSeriesAdminApi.deleted(filter, page, PAGE));
      setRows(list.data);
      setTotal(list.meta?.page.total ?? list.data.length);
    }, '');
  }, [filter, view, page, reload]);

  const restoring = useAction();
  const restore = (s: AdminSeries) =>
    restoring.run(async () => {
      await refusal(() => matchSeriesAdminApi.restore(s.id));
      load();
    }, t('restored'));
  const done = () => {
    setDialog(null);
    load();
  };
  const totalPages = Math.max(1, Math.ceil(total / PAGE));

  return (
    <section data-testid="admin-match-series">
      <h2 className="section-title">{t('title')}</h2>
      <p className="muted">{t('lead')}</p>
      <SeriesFilters
        filter={filter}
        onChange={(f) => {
          setPage(1);
          setFilter(f);
        }}
        events={events}
        segments={segments}
        view={view}
        onView={(v) => {
          setPage(1);
          setView(v);
        }}
      />
      {message}
      {restoring.message}
      <p className="muted" data-testid="series-total">
        {t('total', { count: total })}
      </p>
      {rows.length === 0 ? <p className="muted">{view === 'live' ? t('none') : t('noneDeleted')}</p> : null}
      {rows.length > 0 ? (
        <table className="admin-table stage-table">
          <caption className="visually-hidden">{t('title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('col.teams')}</th>
              <th scope="col">{t('col.date')}</th>
              <th scope="col">{t('col.competition')}</th>
              <th scope="col">{t('col.state')}</th>
              <th scope="col">{t('col.result')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => {
              const a = s.attributes;
              const [home, away] = a.competitors;
              const names = `${home?.displayName ?? t('tbd')} – ${away?.displayName ?? t('tbd')}`;
              const ready = !a.bye && a.competitors.length === 2 && a.competitors.every((c) => c.roster);
              const hidden = <span className="visually-hidden">{` (${names})`}</span>;
              return (
                <tr key={s.id} data-testid="match-series-row" data-id={s.id} data-state={a.state}>
                  <td data-label={t('col.teams')} data-testid="row-teams">
                    {a.bye ? t('bye', { team: home?.displayName ?? '—' }) : names}
                  </td>
                  <td data-label={t('col.date')}>{gmt(a.date)}</td>
                  <td data-label={t('col.competition')}>
                    {t(`competition.${a.competition}`)}
                    {a.roundNumber ? ` · ${t('roundN', { round: a.roundNumber })}` : ''}
                  </td>
                  <td data-label={t('col.state')}>{t(`state.${a.state}`)}</td>
                  <td data-label={t('col.result')} data-testid="row-result">
                    {a.state === 'finished' && !a.bye ? `${score(home)} – ${score(away)}` : '—'}
                  </td>
                  <td className="match-series-actions-cell">
                    <div className="match-series-actions">
                      {view === 'deleted' ? (
                        <button
                          className="button"
                          type="button"
                          onClick={() => restore(s)}
                          data-testid="action-restore"
                        >
                          {t('action.restore')}
                          {hidden}
                        </button>
                      ) : (
                        <>
                          {ready ? (
                            <button
                              className="button"
                              type="button"
                              onClick={() => setDialog({ kind: 'result', series: s })}
                              data-testid="action-result"
                            >
                              {a.state === 'finished' ? t('action.correct') : t('action.record')}
                              {hidden}
                            </button>
                          ) : null}
                          <button
                            className="button"
                            type="button"
                            onClick={() => setDialog({ kind: 'edit', series: s })}
                            data-testid="action-edit"
                          >
                            {t('action.edit')}
                            {hidden}
                          </button>
                          {!a.bye ? (
                            <button
                              className="button"
                              type="button"
                              onClick={() => setDialog({ kind: 'reset', series: s })}
                              data-testid="action-reset"
                            >
                              {t('action.reset')}
                              {hidden}
                            </button>
                          ) : null}
                          {a.competition === 'ladder' ? (
                            <button
                              className="button"
                              type="button"
                              onClick={() => setDialog({ kind: 'delete', series: s })}
                              data-testid="action-delete"
                            >
                              {t('action.delete')}
                              {hidden}
                            </button>
                          ) : null}
                          {ready && a.state !== 'finished' ? (
                            <button
                              className="button"
                              type="button"
                              onClick={() => setDialog({ kind: 'disqualify', series: s })}
                              data-testid="action-disqualify"
                            >
                              {t('action.disqualify')}
                              {hidden}
                            </button>
                          ) : null}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {totalPages > 1 ? (
        <nav className="match-series-pager" aria-label={t('pager.label')}>
          <button className="button" type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('pager.previous')}
          </button>
          <span>{t('pager.page', { page, pages: totalPages })}</span>
          <button
            className="button"
            type="button"
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t('pager.next')}
          </button>
        </nav>
      ) : null}
      {dialog?.kind === 'reset' || dialog?.kind === 'delete' ? (
        <ConfirmDialog
          kind={dialog.kind}
          series={dialog.series}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditDialog series={dialog.series} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog?.kind === 'disqualify' ? (
        <DisqualifyDialog series={dialog.series} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog?.kind === 'result' ? (
        <RecordResultDialog series={dialog.series} onClose={() => setDialog(null)} onSaved={done} />
      ) : null}
    </section>
  );
}

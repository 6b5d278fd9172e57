import type { EventResource, SegmentResource } from '@cwh/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordResultDialog } from '../brackets/stage-result-dialog';
import { adminApi } from '../console/admin-api';
import { useAction } from '../console/admin-ui';
import { DisqualifyDialog } from './disqualify-dialog';
import { type AdminSeries, matchSeriesAdminApi, type SeriesFilter } from './match-series-admin-api';
import { ConfirmDialog, EditDialog } from './match-series-dialogs';
import { SeriesFilters } from './match-series-filters';
import { useRefusal } from './match-series-refusal';
import { type SeriesAction, SeriesPager, SeriesTable, type SeriesView } from './match-series-table';
import '../brackets/stages.css';
import './match-series.css';

type Dialog = { kind: SeriesAction; series: AdminSeries } | null;
const PAGE = 50;

/** The console's events, and the segments of the one chosen (none chosen: none). */
function useEventsAndSegments(eventId: string) {
  const [events, setEvents] = useState<EventResource[]>([]);
  const [segments, setSegments] = useState<SegmentResource[]>([]);
  useEffect(() => {
    adminApi
      .events()
      .then((list) => setEvents(list.data))
      .catch(() => setEvents([]));
  }, []);
  useEffect(() => {
    if (!eventId) {
      setSegments([]);
      return;
    }
    adminApi
      .segments(eventId)
      .then((list) => setSegments(list.data))
      .catch(() => setSegments([]));
  }, [eventId]);
  return { events, segments };
}

/** One page of the live or deleted series under the filter; `load` reads it again after an action. */
function useSeriesList(filter: SeriesFilter, view: SeriesView, page: number) {
  const [rows, setRows] = useState<AdminSeries[]>([]);
  const [total, setTotal] = useState(0);
  const { run, message } = useAction();
  const refusal = useRefusal();
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
  return { rows, total, load, message };
}

/** /admin/match-series: list and filter the series of the events one runs, and act on them. */
export function MatchSeriesPage() {
  const { t } = useTranslation('adminmatches');
  const [filter, setFilter] = useState<SeriesFilter>({ eventId: '', segmentId: '', state: '', round: '' });
  const [view, setView] = useState<SeriesView>('live');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { events, segments } = useEventsAndSegments(filter.eventId);
  const { rows, total, load, message } = useSeriesList(filter, view, page);
  const refusal = useRefusal();
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
        <SeriesTable
          rows={rows}
          view={view}
          onAction={(kind, series) => setDialog({ kind, series })}
          onRestore={restore}
        />
      ) : null}
      <SeriesPager page={page} pages={totalPages} onPage={setPage} />
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

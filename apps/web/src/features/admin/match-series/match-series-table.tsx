import type { MatchSeriesResource } from '@cwh/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gmt } from '../console/console-date';
import type { AdminSeries } from './match-series-admin-api';

export type SeriesView = 'live' | 'deleted';
export type SeriesAction = 'reset' | 'delete' | 'edit' | 'result' | 'disqualify';

function score(c: MatchSeriesResource['attributes']['competitors'][number] | undefined): string {
  if (!c) return '—';
  return c.result.forfeit ? 'FF' : String(c.result.score ?? '—');
}

/** Both sides are known teams (not a bye): a result can be entered, a side disqualified. */
const isReady = (a: AdminSeries['attributes']) =>
  !a.bye && a.competitors.length === 2 && a.competitors.every((c) => c.roster);

function ActionButton({
  action,
  onClick,
  label,
  names,
}: {
  action: string;
  onClick: () => void;
  label: string;
  names: string;
}) {
  return (
    <button className="button" type="button" onClick={onClick} data-testid={`action-${action}`}>
      {label}
      <span className="visually-hidden">{` (${names})`}</span>
    </button>
  );
}

/** The actions of a live series: what its state and competition allow. */
function LiveActions({
  series,
  names,
  onAction,
}: {
  series: AdminSeries;
  names: string;
  onAction: (action: SeriesAction) => void;
}) {
  const { t } = useTranslation('adminmatches');
  const a = series.attributes;
  const ready = isReady(a);
  const button = (action: SeriesAction, label: string) => (
    <ActionButton action={action} onClick={() => onAction(action)} label={label} names={names} />
  );
  return (
    <>
      {ready ? button('result', a.state === 'finished' ? t('action.correct') : t('action.record')) : null}
      {button('edit', t('action.edit'))}
      {!a.bye ? button('reset', t('action.reset')) : null}
      {a.competition === 'ladder' ? button('delete', t('action.delete')) : null}
      {ready && a.state !== 'finished' ? button('disqualify', t('action.disqualify')) : null}
    </>
  );
}

function SeriesRow({
  series,
  view,
  onAction,
  onRestore,
}: {
  series: AdminSeries;
  view: SeriesView;
  onAction: (action: SeriesAction) => void;
  onRestore: () => void;
}) {
  const { t } = useTranslation('adminmatches');
  const a = series.attributes;
  const [home, away] = a.competitors;
  const names = `${home?.displayName ?? t('tbd')} – ${away?.displayName ?? t('tbd')}`;
  return (
    <tr data-testid="match-series-row" data-id={series.id} data-state={a.state}>
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
            <ActionButton action="restore" onClick={onRestore} label={t('action.restore')} names={names} />
          ) : (
            <LiveActions series={series} names={names} onAction={onAction} />
          )}
        </div>
      </td>
    </tr>
  );
}

/** The list of series, each with the actions its state allows (restore in the deleted view). */
export function SeriesTable({
  rows,
  view,
  onAction,
  onRestore,
}: {
  rows: AdminSeries[];
  view: SeriesView;
  onAction: (action: SeriesAction, series: AdminSeries) => void;
  onRestore: (series: AdminSeries) => void;
}) {
  const { t } = useTranslation('adminmatches');
  const column = (key: string, label: ReactNode = t(`col.${key}`)) => <th scope="col">{label}</th>;
  return (
    <table className="admin-table stage-table">
      <caption className="visually-hidden">{t('title')}</caption>
      <thead>
        <tr>
          {column('teams')}
          {column('date')}
          {column('competition')}
          {column('state')}
          {column('result')}
          {column('actions', <span className="visually-hidden">{t('col.actions')}</span>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <SeriesRow
            key={s.id}
            series={s}
            view={view}
            onAction={(action) => onAction(action, s)}
            onRestore={() => onRestore(s)}
          />
        ))}
      </tbody>
    </table>
  );
}

/** Previous and next page of the list, when it has more than one. */
export function SeriesPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('adminmatches');
  if (pages <= 1) return null;
  return (
    <nav className="match-series-pager" aria-label={t('pager.label')}>
      <button className="button" type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.page', { page, pages })}</span>
      <button className="button" type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

import type { MatchSeriesCompetitor, MatchSeriesResource, RosterResource } from '@cwh/contract';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gmt } from '../console/console-date';
import { type CheckinItem, stageApi } from './stage-api';
import { RecordResultDialog } from './stage-result-dialog';

interface Props {
  series: MatchSeriesResource[];
  /** The stage's rosters (for who checked in for which side). */
  rosters: Map<string, RosterResource>;
  onChanged: () => void;
}

/** Which sides checked in, from the check-ins of a series (a captain or a player of the roster). */
function sidesCheckedIn(
  series: MatchSeriesResource,
  checkins: CheckinItem[],
  rosters: Map<string, RosterResource>,
): { home: boolean; away: boolean } {
  const sideOf = (competitor: MatchSeriesCompetitor | undefined) => {
    const roster = competitor?.roster;
    if (!roster) return false;
    const users = new Set<string>(roster.ownerId ? [roster.ownerId] : []);
    for (const p of rosters.get(roster.id)?.attributes.players ?? []) if (p.userId) users.add(p.userId);
    return checkins.some((c) => c.attributes.roster?.id === roster.id || users.has(c.attributes.user.id));
  };
  const [home, away] = series.attributes.competitors;
  return { home: sideOf(home), away: sideOf(away) };
}

/** Upper or lower bracket, the grand final (round 2: its reset), or the swiss pool. */
function bracketLabel(series: MatchSeriesResource, t: TFunction<'adminstages'>) {
  const a = series.attributes;
  if (a.bracket) return t(`bracket.${a.bracket}`);
  if (a.group === 'final') return t(a.roundNumber === 2 ? 'bracket.reset' : 'bracket.final');
  return a.group ? t('series.pool', { pool: a.group }) : '—';
}

function score(c: MatchSeriesCompetitor | undefined, t: (k: string) => string) {
  if (!c) return '—';
  if (c.result.forfeit) return t('series.ffl');
  if (c.placement === 1 && c.result.score === null) return t('series.ffw');
  return c.result.score === null ? '—' : String(c.result.score);
}

/** The stage's match series: round, bracket, teams, date, state, check-ins, result, and Record result. */
export function StageSeriesTable({ series, rosters, onChanged }: Props) {
  const { t } = useTranslation('adminstages');
  const rounds = useMemo(
    () => [...new Set(series.map((s) => s.attributes.roundNumber ?? 0))].sort((a, b) => a - b),
    [series],
  );
  const [round, setRound] = useState<number | 'all'>('all');
  const [checkins, setCheckins] = useState<Map<string, CheckinItem[]>>(new Map());
  const [open, setOpen] = useState<MatchSeriesResource | null>(null);
  // In playing order: by date, then round.
  const shown = series
    .filter((s) => round === 'all' || (s.attributes.roundNumber ?? 0) === round)
    .sort(
      (x, y) =>
        x.attributes.date.localeCompare(y.attributes.date) ||
        (x.attributes.roundNumber ?? 0) - (y.attributes.roundNumber ?? 0),
    );
  const shownKey = shown.map((s) => s.id).join(',');

  // Check-ins of the series on screen (byes and series without both teams have none).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids shown
  useEffect(() => {
    let live = true;
    const wanted = shown.filter(
      (s) => !s.attributes.bye && s.attributes.competitors.every((c) => c.roster) && !checkins.has(s.id),
    );
    void Promise.all(
      wanted.map(async (s) => [s.id, await stageApi.checkins(s.id).catch(() => [])] as const),
    ).then((entries) => {
      if (!live || entries.length === 0) return;
      setCheckins((previous) => new Map([...previous, ...entries]));
    });
    return () => {
      live = false;
    };
  }, [shownKey]);

  return (
    <section className="admin-card" data-testid="stage-series">
      <h3>{t('series.title')}</h3>
      {rounds.length > 1 ? (
        <label className="admin-field stage-round-filter">
          <span className="admin-field__label">{t('series.round')}</span>
          <select
            className="input"
            value={String(round)}
            onChange={(e) => setRound(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          >
            <option value="all">{t('series.allRounds')}</option>
            {rounds.map((r) => (
              <option key={r} value={r}>
                {t('series.roundN', { round: r })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {shown.length === 0 ? <p className="muted">{t('series.none')}</p> : null}
      <table className="admin-table stage-table">
        <caption className="visually-hidden">{t('series.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('series.round')}</th>
            <th scope="col">{t('series.bracket')}</th>
            <th scope="col">{t('series.teams')}</th>
            <th scope="col">{t('series.date')}</th>
            <th scope="col">{t('series.state')}</th>
            <th scope="col">{t('series.checkins')}</th>
            <th scope="col">{t('series.result')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('series.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => {
            // reviewReason: set while the series waits for the organizer (contract `MATCH_SERIES_REVIEW_REASONS`).
            const a: MatchSeriesResource['attributes'] & { reviewReason?: string | null } = s.attributes;
            const [home, away] = a.competitors;
            const ready = !a.bye && a.competitors.length === 2 && a.competitors.every((c) => c.roster);
            const sides = checkins.has(s.id) ? sidesCheckedIn(s, checkins.get(s.id)!, rosters) : null;
            const mark = (on: boolean) => (on ? t('series.checkedIn') : t('series.notCheckedIn'));
            return (
              <tr key={s.id} data-testid="stage-series-row" data-state={a.state}>
                <td data-label={t('series.round')}>{a.roundNumber ?? '—'}</td>
                <td data-label={t('series.bracket')}>{bracketLabel(s, t)}</td>
                <td data-label={t('series.teams')} data-testid="series-teams">
                  {a.bye ? (
                    t('series.bye', { team: home?.displayName ?? '—' })
                  ) : (
                    <>
                      <span className={home?.placement === 1 ? 'stage-winner' : undefined}>
                        {home?.displayName ?? t('series.tbd')}
                      </span>
                      {' – '}
                      <span className={away?.placement === 1 ? 'stage-winner' : undefined}>
                        {away?.displayName ?? t('series.tbd')}
                      </span>
                    </>
                  )}
                </td>
                <td data-label={t('series.date')}>{gmt(a.date)}</td>
                <td data-label={t('series.state')}>
                  {t(`state.${a.state}`)}
                  {a.reviewReason ? (
                    <strong className="stage-review" data-testid="series-review">
                      {t('series.review.title', { reason: t(`series.review.${a.reviewReason}`) })}
                    </strong>
                  ) : null}
                </td>
                <td data-label={t('series.checkins')}>
                  {ready && sides
                    ? t('series.checkinSides', { home: mark(sides.home), away: mark(sides.away) })
                    : '—'}
                </td>
                <td data-label={t('series.result')} data-testid="series-result">
                  {a.state === 'finished' && !a.bye ? `${score(home, t)} – ${score(away, t)}` : '—'}
                </td>
                <td>
                  {ready ? (
                    <button
                      className="button"
                      type="button"
                      onClick={() => setOpen(s)}
                      data-testid="record-result"
                    >
                      {a.state === 'finished' ? t('series.correct') : t('series.record')}{' '}
                      <span className="visually-hidden">{`(${home?.displayName} – ${away?.displayName})`}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {open ? (
        <RecordResultDialog
          series={open}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

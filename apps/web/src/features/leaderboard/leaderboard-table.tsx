import type { Competition } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../lib/config';
import { useSession } from '../session/session-store';
import { chatCheck, cutLine, rowMarks } from './advancement';
import { fetchOwnStanding, fetchStandings, type Standing, type StandingsPage } from './standings-api';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: StandingsPage };

function Row({ entry, own, competition }: { entry: Standing; own: boolean; competition: Competition }) {
  const { t } = useTranslation('leaderboard');
  const marks = rowMarks(entry.rank, competition);
  const classes = ['lb-row', own ? 'lb-row--own' : '', marks.advances ? 'lb-row--advances' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <tr
      className={classes}
      data-testid="leaderboard-row"
      data-roster-id={entry.roster.id}
      data-own={own ? 'true' : undefined}
      data-advances={marks.advances ? 'true' : undefined}
      aria-current={own ? 'true' : undefined}
    >
      <td className="lb-rank" data-testid="leaderboard-rank">
        {entry.rank}
      </td>
      <td>
        <div className="lb-team">
          <span className="lb-team__name">{entry.roster.displayName}</span>
          {own ? <span className="badge badge--open">{t('yourTeam')}</span> : null}
          {marks.advances ? (
            <span
              className="badge badge--advance"
              title={t(`advances.${marks.target}`)}
              data-testid="leaderboard-advances"
            >
              {t(`advancesShort.${marks.target}`)}
            </span>
          ) : null}
        </div>
      </td>
      <td className="lb-num lb-points" data-testid="leaderboard-points">
        {entry.points}
      </td>
      <td className="lb-num">{entry.record}</td>
      <td className="lb-num lb-hide-sm">{entry.wins}</td>
      <td className="lb-num lb-hide-sm">{entry.losses}</td>
      <td className="lb-num">{entry.gamesPlayed}</td>
    </tr>
  );
}

/** Ladder leaderboard (spec 3/9): rank, points, record, W, L, GP; 20 per page; own team highlighted. */
export function LeaderboardTable({
  segmentId,
  competition,
}: {
  segmentId: string;
  competition: Competition;
}) {
  const { t } = useTranslation('leaderboard');
  const session = useSession();
  const rosterId = session.roster?.id ?? session.middlewareRosterId ?? null;
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [own, setOwn] = useState<Standing | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchStandings(segmentId, page, controller.signal).then(
      (result) => setLoad({ status: 'ready', page: result }),
      () => !controller.signal.aborted && setLoad({ status: 'error' }),
    );
    return () => controller.abort();
  }, [segmentId, page]);

  useEffect(() => {
    if (!rosterId) return setOwn(null);
    const controller = new AbortController();
    fetchOwnStanding(segmentId, rosterId, controller.signal).then(setOwn, () => setOwn(null));
    return () => controller.abort();
  }, [segmentId, rosterId]);

  const chat = chatCheck(own?.rank, session.isChinese);
  const pinned =
    own && load.status === 'ready' && !load.page.entries.some((entry) => entry.roster.id === own.roster.id);

  return (
    <div className="leaderboard" data-testid="leaderboard">
      <p className="muted leaderboard__rule">
        {t(`rule.${competition === 'championship' ? 'championship' : 'cup'}`, { top: cutLine(competition) })}
      </p>
      {chat ? (
        <div className="notice notice--info" role="note" data-testid="leaderboard-chat-check">
          <p>{t(`chatCheck.${chat}`, { rank: own?.rank })}</p>
          {chat === 'discord' ? (
            <a
              className="button button--ghost"
              href={config.communityChatUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t('chatCheck.open')}
            </a>
          ) : null}
        </div>
      ) : null}
      {load.status === 'loading' ? (
        <div className="skeleton-list" aria-hidden="true" data-testid="leaderboard-loading">
          <span />
          <span />
          <span />
        </div>
      ) : load.status === 'error' ? (
        <div className="card state-card state-card--error" role="alert">
          <p>{t('error')}</p>
        </div>
      ) : load.page.entries.length === 0 ? (
        <div className="card state-card" data-testid="leaderboard-empty">
          <p>{t('empty')}</p>
        </div>
      ) : (
        <>
          <div className="table-scroll">
            <table className="lb-table">
              <thead>
                <tr>
                  <th scope="col" className="lb-rank">
                    {t('columns.rank')}
                  </th>
                  <th scope="col">{t('columns.team')}</th>
                  <th scope="col" className="lb-num">
                    {t('columns.points')}
                  </th>
                  <th scope="col" className="lb-num">
                    {t('columns.record')}
                  </th>
                  <th scope="col" className="lb-num lb-hide-sm">
                    {t('columns.wins')}
                  </th>
                  <th scope="col" className="lb-num lb-hide-sm">
                    {t('columns.losses')}
                  </th>
                  <th scope="col" className="lb-num">
                    <abbr title={t('columns.gamesPlayedLong')}>{t('columns.gamesPlayed')}</abbr>
                  </th>
                </tr>
              </thead>
              <tbody>
                {pinned && own ? <Row entry={own} own competition={competition} /> : null}
                {load.page.entries.map((entry) => (
                  <Row
                    key={entry.id}
                    entry={entry}
                    own={entry.roster.id === rosterId}
                    competition={competition}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {load.page.totalPages > 1 ? (
            <nav className="pager" aria-label={t('pager.label')}>
              <button
                type="button"
                className="button button--ghost"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
                data-testid="leaderboard-prev"
              >
                {t('pager.previous')}
              </button>
              <span className="muted">{t('pager.page', { page, total: load.page.totalPages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={page >= load.page.totalPages}
                onClick={() => setPage((p) => p + 1)}
                data-testid="leaderboard-next"
              >
                {t('pager.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

import type { Competition } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { config } from '../../lib/config';
import type { Loadable } from '../../lib/loadable';
import { TeamLink } from '../matches/team-link';
import { teamName } from '../matches/team-name';
import { ExternalLink } from '../session/external-link';
import { useSession } from '../session/session-store';
import { chatCheck, cutLine, rowMarks } from './advancement';
import type { CutLine, Standing, StandingsPage } from './standings-api';

/** What a route loads for the table: one page of standings (`?page=`) and the team's own row. */
export interface LeaderboardData {
  page: number;
  standings: Loadable<StandingsPage>;
  own: Standing | null;
  /** The tie across the cut, in the one cut-line order (issue 37); null or absent: none known. */
  cut?: CutLine | null;
}

function Row({
  entry,
  own,
  competition,
  cut,
}: {
  entry: Standing;
  own: boolean;
  competition: Competition;
  cut?: CutLine | null | undefined;
}) {
  const { t } = useTranslation('leaderboard');
  const marks = rowMarks(entry, competition, cut);
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
          <TeamLink rosterId={entry.roster.id} className="lb-team__name">
            {teamName(entry.roster.displayName, t('common:tbd'))}
          </TeamLink>
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
          {marks.tiebreak ? (
            <span className="badge" data-testid="leaderboard-tiebreak">
              {t(`tiebreak.${marks.tiebreak}`)}
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

function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation('leaderboard');
  const [, setSearch] = useSearchParams();
  // The page is in the URL (`?page=`), so the route loads it; other parameters (the tab) stay.
  const go = (next: number) =>
    setSearch(
      (current) => {
        current.set('page', String(next));
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        data-testid="leaderboard-prev"
      >
        {t('pager.previous')}
      </button>
      <span className="muted">{t('pager.page', { page, total: totalPages })}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
        data-testid="leaderboard-next"
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}

function Header() {
  const { t } = useTranslation('leaderboard');
  return (
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
  );
}

function Standings({ board, competition }: { board: LeaderboardData; competition: Competition }) {
  const { t } = useTranslation('leaderboard');
  const session = useSession();
  const rosterId = session.roster?.id ?? session.middlewareRosterId ?? null;
  const { own } = board;
  const load = board.standings;
  if (load.status !== 'ready')
    return (
      <div className="card state-card state-card--error" role="alert">
        <p>{t('error')}</p>
      </div>
    );
  const { entries, totalPages } = load.value;
  if (entries.length === 0)
    return (
      <div className="card state-card" data-testid="leaderboard-empty">
        <p>{t('empty')}</p>
      </div>
    );
  const pinned = own && !entries.some((entry) => entry.roster.id === own.roster.id);
  return (
    <>
      <div className="table-scroll">
        <table className="lb-table">
          <Header />
          <tbody>
            {pinned ? <Row entry={own} own competition={competition} cut={board.cut} /> : null}
            {entries.map((entry) => (
              <Row
                key={entry.id}
                entry={entry}
                own={entry.roster.id === rosterId}
                competition={competition}
                cut={board.cut}
              />
            ))}
          </tbody>
        </table>
      </div>
      {totalPages > 1 ? <Pager page={board.page} totalPages={totalPages} /> : null}
    </>
  );
}

function ChatCheck({ own }: { own: Standing | null }) {
  const { t } = useTranslation('leaderboard');
  const session = useSession();
  const chat = chatCheck(own?.rank, session.isChinese);
  if (!chat) return null;
  return (
    <div className="notice notice--info" role="note" data-testid="leaderboard-chat-check">
      <p>{t(`chatCheck.${chat}`, { rank: own?.rank })}</p>
      {chat === 'discord' && config.communityChatUrl ? (
        <ExternalLink className="button button--ghost" href={config.communityChatUrl}>
          {t('chatCheck.open')}
        </ExternalLink>
      ) : null}
    </div>
  );
}

/** Ladder leaderboard (spec 3/9): rank, points, record, W, L, GP; 20 per page; own team highlighted. */
export function LeaderboardTable({
  board,
  competition,
}: {
  board: LeaderboardData;
  competition: Competition;
}) {
  const { t } = useTranslation('leaderboard');
  return (
    <div className="leaderboard" data-testid="leaderboard">
      <p className="muted leaderboard__rule">
        {t(`rule.${competition === 'championship' ? 'championship' : 'cup'}`, {
          count: cutLine(competition),
        })}
      </p>
      {board.cut?.tiedPoints != null ? (
        <p className="muted" data-testid="leaderboard-tie-note">
          {t('tieNote', { points: board.cut.tiedPoints })}
        </p>
      ) : null}
      <ChatCheck own={board.own} />
      <Standings board={board} competition={competition} />
    </div>
  );
}

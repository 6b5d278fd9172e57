import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { LadderSegment } from '../events/ladder-segment';
import { useEventName, useStageName } from '../events/stage-name';
import { PageShell } from '../shell/page-shell';
import { type LeaderboardData, LeaderboardTable } from './leaderboard-table';

/** What the leaderboard route loads: the ladder segment and one page of its standings. */
export interface LeaderboardPageData {
  ladder: LadderSegment | null;
  board: LeaderboardData | null;
}

/**
 * /leaderboard: the ladder of the team's (or the current championship's) ladder segment; `teamPanel`
 * (the route's, for `?team=`) above it.
 */
export function LeaderboardPage({ teamPanel }: { teamPanel?: ReactNode } = {}) {
  const { t } = useTranslation(['leaderboard', 'pages']);
  const { ladder, board } = useLoaderData() as LeaderboardPageData;
  const eventName = useEventName();
  const stageName = useStageName();
  return (
    <PageShell name="leaderboard" title={t('pages:leaderboard.title')}>
      {teamPanel}
      {!ladder || !board ? (
        <div className="card state-card" data-testid="leaderboard-empty">
          <p>{t('leaderboard:noLadder')}</p>
        </div>
      ) : (
        <>
          <p className="page__lead" data-testid="leaderboard-segment">
            {eventName(ladder.event)} · {stageName(ladder.segment)}
          </p>
          <LeaderboardTable board={board} competition={ladder.event.attributes.competition} />
        </>
      )}
    </PageShell>
  );
}

import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Loadable } from '../../lib/loadable';
import type { LadderSegment } from '../events/ladder-segment';
import { LoadingCard } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { type LeaderboardData, LeaderboardTable } from './leaderboard-table';

/** What the leaderboard route loads: the ladder segment and one page of its standings. */
export interface LeaderboardPageData {
  ladder: Promise<Loadable<LadderSegment | null>>;
  board: LeaderboardData;
}

function Ladder({ data }: { data: LeaderboardPageData }) {
  const { t } = useTranslation('leaderboard');
  const ladder = use(data.ladder);
  if (ladder.status !== 'ready' || !ladder.value)
    return (
      <div className="card state-card" data-testid="leaderboard-empty">
        <p>{t('noLadder')}</p>
      </div>
    );
  const { event, segment } = ladder.value;
  return (
    <>
      <p className="page__lead" data-testid="leaderboard-segment">
        {event.attributes.name} · {segment.attributes.name}
      </p>
      <LeaderboardTable board={data.board} competition={event.attributes.competition} />
    </>
  );
}

/** /leaderboard: the ladder of the team's (or the current championship's) ladder segment. */
export function LeaderboardPage() {
  const { t } = useTranslation('pages');
  const data = useLoaderData() as LeaderboardPageData;
  return (
    <PageShell name="leaderboard" title={t('leaderboard.title')}>
      <Suspense fallback={<LoadingCard />}>
        <Ladder data={data} />
      </Suspense>
    </PageShell>
  );
}

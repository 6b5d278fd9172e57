import { useTranslation } from 'react-i18next';
import { useLadderSegment } from '../events/ladder-segment';
import { useSession } from '../session/session-store';
import { LoadingCard } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { LeaderboardTable } from './leaderboard-table';

/** /leaderboard: the ladder of the team's (or the current championship's) ladder segment. */
export function LeaderboardPage() {
  const { t } = useTranslation(['leaderboard', 'pages']);
  const session = useSession();
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  return (
    <PageShell name="leaderboard" title={t('pages:leaderboard.title')}>
      {ladder.status === 'loading' ? (
        <LoadingCard />
      ) : ladder.status === 'error' || !ladder.value ? (
        <div className="card state-card" data-testid="leaderboard-empty">
          <p>{t('leaderboard:noLadder')}</p>
        </div>
      ) : (
        <>
          <p className="page__lead" data-testid="leaderboard-segment">
            {ladder.value.event.attributes.name} · {ladder.value.segment.attributes.name}
          </p>
          <LeaderboardTable
            segmentId={ladder.value.segment.id}
            competition={ladder.value.event.attributes.competition}
          />
        </>
      )}
    </PageShell>
  );
}

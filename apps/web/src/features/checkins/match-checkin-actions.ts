import { reportError } from '../../lib/error-reporter';
import { openWarLink } from '../ladder/match-found-runtime';
import { fetchMatchSeries } from '../matches/match-series-api';
import { getSession } from '../session/session-store';
import { addMissedNotice, getCheckIns, updateCheckIns } from './checkin-store';
import { DEFAULT_CHECK_IN_CALLS, type MatchCheckInOutcome, runMatchCheckIn } from './match-checkin-flow';

/** START WAR for the prompt's match with the five picked: the check-in flow on the real calls. */
export async function startWarCheckIn(
  playerTags: readonly string[],
  go: (path: string) => void,
): Promise<MatchCheckInOutcome | null> {
  const { series, seriesSegment } = getCheckIns();
  const session = getSession();
  if (!series || !seriesSegment || !session.userId) return null;
  const outcome = await runMatchCheckIn(
    {
      seriesId: series.id,
      userId: session.userId,
      clanTag: session.clan?.tag ?? null,
      mode: seriesSegment.mode,
      playerTags,
      isChinese: session.isChinese,
    },
    {
      ...DEFAULT_CHECK_IN_CALLS,
      fetchSeries: fetchMatchSeries,
      openLink: (link) => openWarLink(link, go),
      navigate: go,
      report: (error) => void reportError(error, { checkins: 'match check-in' }),
      setLoading: (loading) => updateCheckIns({ loading }),
      isLoading: () => getCheckIns().loading,
      onMissed: (seriesId) => addMissedNotice({ seriesId, by: 'own' }),
      now: () => Date.now(),
    },
  );
  if (outcome.kind === 'checkedIn' || outcome.kind === 'alreadyCheckedIn')
    updateCheckIns({ checkedInSeriesId: series.id });
  if (outcome.kind !== 'ignored') updateCheckIns({ selectOpen: false });
  return outcome;
}

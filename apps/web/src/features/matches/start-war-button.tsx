import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoTo } from '../../i18n/use-locale';
import { reportError } from '../../lib/error-reporter';
import { createWarLink } from '../war/war-api';
import { dismissStartWar, useStartWar } from './start-war-store';

/**
 * START WAR (spec 2/4): asks the hub for the war link and opens it (a hub path in the router, an
 * external link in the window). Once the war is started the start-war modal stays closed for that
 * series. A failure stops loading and goes to the global error handler (spec 8).
 */
export function useStartWarAction() {
  const goTo = useGoTo();
  const [loading, setLoading] = useState(false);
  const start = async (seriesId: string) => {
    if (loading) return;
    setLoading(true);
    try {
      const link = await createWarLink(seriesId);
      dismissStartWar();
      if (link.startsWith('/')) goTo(link);
      else window.location.assign(link);
    } catch (error) {
      void reportError(error, { matches: 'start war' });
    } finally {
      setLoading(false);
    }
  };
  return { loading, start };
}

/**
 * The captain's START WAR outside the modal (My Team, the match page): shown while the captain's
 * roster has an upcoming series (the start-war store's), and on the match page only for that
 * series, so closing the modal never takes the way to start the war away.
 */
export function StartWarButton({ seriesId, testId }: { seriesId?: string; testId: string }) {
  const { t } = useTranslation(['matches', 'officialwar']);
  const { series } = useStartWar();
  const { loading, start } = useStartWarAction();
  if (!series || (seriesId != null && series.id !== seriesId)) return null;
  return (
    <button
      type="button"
      className="button button--primary"
      data-testid={testId}
      data-series={series.id}
      disabled={loading}
      aria-busy={loading}
      onClick={() => void start(series.id)}
    >
      {series.officialWar ? t('officialwar:startWar.button') : t('matches:startWar.button')}
    </button>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSeriesVeto } from '../features/match-room/use-series-veto';
import { VetoSummary } from '../features/match-room/veto-board';
import { useStartWarAction } from '../features/matches/start-war-button';
import { startOpenSeriesPoll } from '../features/matches/start-war-polls';
import { dismissStartWar, startWarModalOpen, useStartWar } from '../features/matches/start-war-store';
import { teamName } from '../features/matches/team-name';
import { OfficialWarGuide } from '../features/war/official-war-guide';
import { useLocale, useLocalizedPath } from '../i18n/use-locale';
import { formatDateTime } from '../lib/dates';
import { Modal } from '../lib/modal';

/**
 * Start war (spec 2/4): how to start, one Start War button; polled every 10 s while open. START
 * WAR opens the war link and closes the modal for this series: it did what it says. The captain
 * may also close it (its close button, a tap outside, Escape): it then stays closed for that series,
 * across pages and reloads (start-war-store), and START WAR stays on My Team and the match page.
 * `hidden`: on the simulated game's own pages.
 */
export function StartWarModal({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation(['matches', 'officialwar', 'pickban']);
  const locale = useLocale();
  const state = useStartWar();
  const series = startWarModalOpen(state) ? state.series : null;
  // Official game: the war is started in the game as a friendly war; the hub cannot create it.
  const official = series?.officialWar ?? null;
  const { loading, start } = useStartWarAction();
  const seriesId = series?.id ?? null;

  useEffect(() => (seriesId ? startOpenSeriesPoll(seriesId) : undefined), [seriesId]);
  // A pick and ban still running comes first: the match page (the match room) holds its board, so
  // the modal steps aside there, and elsewhere sends the captain to it.
  const veto = useSeriesVeto(seriesId);
  const vetoOpen = veto.challenge?.status === 'open';
  const { pathname } = useLocation();
  const localize = useLocalizedPath();
  const onMatchRoom = seriesId != null && pathname.endsWith(`/match/${seriesId}`);

  const home = teamName(series?.competitors[0]?.displayName, t('common:tbd'));
  const away = teamName(series?.competitors[1]?.displayName, t('common:tbd'));
  return (
    <Modal
      open={series != null && !hidden && !(vetoOpen && onMatchRoom)}
      onClose={dismissStartWar}
      dismissible
      title={official ? t('officialwar:startWar.title') : t('startWar.title')}
      testId="start-war-modal"
      footer={
        <button
          type="button"
          className="button button--primary button--block"
          data-testid="start-war-button"
          disabled={loading}
          onClick={() => {
            if (series) void start(series.id);
          }}
        >
          {official ? t('officialwar:startWar.button') : t('startWar.button')}
        </button>
      }
    >
      {series ? (
        <>
          <p className="start-war__teams">
            <strong>{home}</strong> <span className="muted">{t('vs')}</span> <strong>{away}</strong>
          </p>
          <p className="muted">{formatDateTime(series.date, locale)}</p>
          <VetoSummary veto={veto} testId="start-war-veto" />
          {vetoOpen ? (
            <p>
              <Link
                className="button button--ghost button--block"
                to={localize(`/match/${series.id}`)}
                data-testid="start-war-to-veto"
              >
                {t('pickban:toBoard')}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {official ? (
        <OfficialWarGuide settings={official.settings} />
      ) : (
        <ol className="start-war__steps">
          <li>{t('startWar.step1')}</li>
          <li>{t('startWar.step2')}</li>
          <li>{t('startWar.step3')}</li>
        </ol>
      )}
      {official ? null : (
        <p className="start-war__note" data-testid="start-war-note">
          {t('startWar.note')}
        </p>
      )}
    </Modal>
  );
}

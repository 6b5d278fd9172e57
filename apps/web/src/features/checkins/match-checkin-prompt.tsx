import './checkins.css';
import { isSelectionValid, TEAM_SIZE } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useGoTo, useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { teamName } from '../matches/team-name';
import { CheckInPlayerList } from './checkin-player-list';
import { updateCheckIns, useCheckIns } from './checkin-store';
import { startWarCheckIn } from './match-checkin-actions';
import { MissedCheckInNotices } from './missed-checkin-notices';
import { useCheckInSelection } from './use-check-in-selection';

/** Never over the simulated game's own pages (the game's screens, not the hub's). */
export const onSimulatorPage = (pathname: string) =>
  /^\/(?:[a-z]{2}(?:_[A-Z]{2})?\/)?simulator(?:\/|$)/.test(pathname);

/**
 * Match check-in prompt, fixed bottom right (spec 2): "select 5 players and tap START WAR"; in a
 * monthly final only "tap START WAR"; in a monthly qualifier the roster to pick from (tag, role,
 * town hall; captain and other levels locked). Hidden on error pages by the overlay host.
 */
export function MatchCheckInPrompt() {
  const { pathname } = useLocation();
  if (onSimulatorPage(pathname)) return null;
  return (
    <div className="checkin-dock" data-testid="overlay-checkin-prompt">
      <MissedCheckInNotices />
      <PromptCard />
    </div>
  );
}

function PromptCard() {
  const { t } = useTranslation(['checkins', 'common', 'matches']);
  const locale = useLocale();
  const go = useGoTo();
  const { series, seriesSegment: segment, folded, loading, checkedInSeriesId } = useCheckIns();
  const { members, context, selected, setSelected } = useCheckInSelection(series?.id);
  if (!series || !segment || folded) return null;
  // Checked in already: the lineup is sent, only START WAR (for the war's link) is left.
  const waiting = checkedInSeriesId === series.id;
  const qualifier = segment.mode === 'qualifier' && !waiting;
  // The war service needs exactly 5 tags in a monthly qualifier (only those 5 play).
  const valid = !qualifier || isSelectionValid(selected);
  const startWar = () => {
    if (segment.mode === 'selectFive' && !waiting) updateCheckIns({ selectOpen: true });
    else void startWarCheckIn(selected, go);
  };
  const home = teamName(series.competitors[0]?.displayName, t('common:tbd'));
  const away = teamName(series.competitors[1]?.displayName, t('common:tbd'));
  return (
    <section className="checkin-prompt" aria-labelledby="checkin-prompt-title" data-testid="checkin-prompt">
      <header className="checkin-prompt__head">
        <h2 id="checkin-prompt-title" className="checkin-prompt__title">
          {t('prompt.title')}
        </h2>
        <button
          type="button"
          className="button button--small button--ghost"
          data-testid="checkin-prompt-fold"
          onClick={() => updateCheckIns({ folded: true })}
        >
          {t('prompt.later')}
        </button>
      </header>
      <p className="checkin-prompt__match">
        <strong>{home}</strong> <span className="muted">{t('matches:vs')}</span> <strong>{away}</strong>
        <span className="muted checkin-prompt__when">
          {segment.name} · {formatDateTime(series.date, locale)}
        </span>
      </p>
      {waiting ? (
        <p className="checkin-prompt__done" role="status" data-testid="checkin-prompt-waiting">
          {t('prompt.waiting')}
        </p>
      ) : (
        <p className="checkin-prompt__text" data-testid="checkin-prompt-text" data-mode={segment.mode}>
          {segment.mode === 'final'
            ? t('prompt.tapStartWar')
            : t('prompt.selectAndStart', { size: TEAM_SIZE })}
        </p>
      )}
      {qualifier ? (
        <>
          <CheckInPlayerList
            members={members}
            context={context}
            selected={selected}
            onChange={setSelected}
            disabled={loading}
          />
          <p className="select-count" data-testid="checkin-prompt-count">
            {t('players.count', { selected: selected.length, size: TEAM_SIZE })}
          </p>
        </>
      ) : null}
      <button
        type="button"
        className="button button--primary button--block"
        data-testid="checkin-start-war"
        disabled={loading || !valid}
        aria-busy={loading}
        onClick={startWar}
      >
        {loading ? t('prompt.starting') : t('prompt.startWar')}
      </button>
    </section>
  );
}

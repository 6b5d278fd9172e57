import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { bindLadderNavigation, matchFound } from '../features/ladder/match-found-runtime';
import { useGoTo } from '../i18n/use-locale';
import { Modal } from '../lib/modal';
import { CountdownRing } from './countdown-ring';

/**
 * Match found (spec 4): 15 s ring, Decline and Accept, then the accepted / declined / accepted by
 * both notices. The timings live in the match-found machine.
 */
export function MatchFoundModal() {
  const { t } = useTranslation('ladder');
  const state = useSyncExternalStore(matchFound.subscribe, matchFound.getState, matchFound.getState);
  const goTo = useGoTo();
  useEffect(() => bindLadderNavigation(goTo), [goTo]);

  const { phase } = state;
  const open = phase !== 'closed';
  const showRing = phase === 'found' || phase === 'accepting' || phase === 'accepted';
  const notice =
    phase === 'found'
      ? t('matchFound.found')
      : phase === 'accepting' || phase === 'accepted'
        ? t('matchFound.accepted')
        : phase === 'declined'
          ? state.declinedBy === 'timeout'
            ? t('matchFound.expired')
            : t('matchFound.declined')
          : t('matchFound.bothAccepted');

  return (
    <Modal
      open={open}
      title={phase === 'bothAccepted' ? t('matchFound.bothAcceptedTitle') : t('matchFound.title')}
      testId="match-found-modal"
      footer={
        phase === 'found' || phase === 'accepting' ? (
          <>
            <button
              type="button"
              className="button button--ghost"
              data-testid="match-found-decline"
              disabled={phase !== 'found'}
              onClick={() => void matchFound.decline()}
            >
              {t('matchFound.decline')}
            </button>
            <button
              type="button"
              className="button button--primary"
              data-testid="match-found-accept"
              disabled={phase !== 'found'}
              onClick={() => void matchFound.accept()}
            >
              {t('matchFound.accept')}
            </button>
          </>
        ) : undefined
      }
    >
      <div className={`match-found match-found--${phase}`} data-testid="match-found-state" data-phase={phase}>
        {showRing ? (
          <CountdownRing expiresAt={state.expiresAt} label={t('matchFound.secondsLeft')} />
        ) : phase === 'bothAccepted' ? (
          <span className="match-found__icon match-found__icon--ok" aria-hidden="true">
            ⚔
          </span>
        ) : (
          <span className="match-found__icon match-found__icon--no" aria-hidden="true">
            ✕
          </span>
        )}
        <p className="match-found__notice" data-testid="match-found-notice" role="status">
          {notice}
        </p>
        {phase === 'accepted' ? <p className="muted">{t('matchFound.waitingOpponent')}</p> : null}
        {phase === 'bothAccepted' ? (
          <p className="muted" data-testid="match-found-stay">
            {t('matchFound.stayOnHub')}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { bindLadderNavigation, matchFound } from '../features/ladder/match-found-runtime';
import { useGoTo } from '../i18n/use-locale';
import { Modal } from '../lib/modal';
import { CountdownRing } from './countdown-ring';

const DECLINED_NOTICE = {
  user: 'matchFound.declined',
  opponent: 'matchFound.opponentDeclined',
  timeout: 'matchFound.expired',
  missed: 'matchFound.missed',
} as const;

type MatchFoundState = ReturnType<typeof matchFound.getState>;

/** Decline and Accept, both disabled once the answer is on its way. */
function MatchFoundAnswers({ phase }: { phase: MatchFoundState['phase'] }) {
  const { t } = useTranslation('ladder');
  return (
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
  );
}

/** The opponent, the ring (or the outcome's icon), the notice and what happens next. */
function MatchFoundBody({ state }: { state: MatchFoundState }) {
  const { t } = useTranslation('ladder');
  const { phase } = state;
  const showRing = phase === 'found' || phase === 'accepting' || phase === 'accepted';
  const notice =
    phase === 'found'
      ? t('matchFound.found')
      : phase === 'accepting' || phase === 'accepted'
        ? t('matchFound.accepted')
        : phase === 'declined'
          ? t(DECLINED_NOTICE[state.declinedBy ?? 'user'])
          : t('matchFound.bothAccepted');
  return (
    <div
      className={`match-found match-found--${phase}`}
      data-testid="match-found-state"
      data-phase={phase}
      data-declined-by={state.declinedBy ?? undefined}
    >
      {state.opponent ? (
        <p className="match-found__opponent" data-testid="match-found-opponent">
          {t('matchFound.opponent', { team: state.opponent })}
        </p>
      ) : null}
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
      {phase === 'declined' ? (
        <p className="muted" data-testid="match-found-next">
          {state.requeued ? t('matchFound.nextRequeued') : t('matchFound.nextFindMatch')}
        </p>
      ) : null}
      {phase === 'bothAccepted' ? (
        <p className="muted" data-testid="match-found-stay">
          {t('matchFound.stayOnHub')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Match found (spec 4): 15 s ring, the opponent's name, Decline and Accept, then the accepted /
 * declined (by whom or by the clock, and what happens next) / accepted by both notices. The
 * timings live in the match-found machine. `hidden`: on the simulated game's own pages the machine
 * runs on, unseen.
 */
export function MatchFoundModal({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation('ladder');
  const state = useSyncExternalStore(matchFound.subscribe, matchFound.getState, matchFound.getState);
  const goTo = useGoTo();
  useEffect(() => bindLadderNavigation(goTo), [goTo]);

  const { phase } = state;
  const open = phase !== 'closed' && !hidden;
  return (
    <Modal
      open={open}
      title={phase === 'bothAccepted' ? t('matchFound.bothAcceptedTitle') : t('matchFound.title')}
      testId="match-found-modal"
      footer={phase === 'found' || phase === 'accepting' ? <MatchFoundAnswers phase={phase} /> : undefined}
    >
      <MatchFoundBody state={state} />
    </Modal>
  );
}

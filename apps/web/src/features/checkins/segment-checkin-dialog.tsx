import { isSelectionValid, TEAM_SIZE } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useGoTo } from '../../i18n/use-locale';
import { Modal } from '../../lib/modal';
import { useSession } from '../session/session-store';
import { CheckInPlayerList } from './checkin-player-list';
import { useCheckIns } from './checkin-store';
import { closeSegmentCheckIn, submitSegmentCheckIn } from './segment-checkin-flow';
import { useCheckInSelection } from './use-check-in-selection';

/** Checked in: Close. */
function SegmentCheckInClose() {
  const { t } = useTranslation('checkins');
  return (
    <button
      type="button"
      className="button button--primary button--block"
      data-testid="segment-checkin-close"
      onClick={closeSegmentCheckIn}
    >
      {t('segment.close')}
    </button>
  );
}

/** Cancel, and Check in (Checking in… while the call and the wait run). */
function SegmentCheckInFooter({
  disabled,
  busy,
  onSubmit,
}: {
  disabled: boolean;
  busy: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('checkins');
  return (
    <>
      <button type="button" className="button button--ghost" onClick={closeSegmentCheckIn}>
        {t('select.cancel')}
      </button>
      <button
        type="button"
        className="button button--primary"
        data-testid="segment-checkin-submit"
        disabled={disabled}
        aria-busy={busy}
        onClick={onSubmit}
      >
        {busy ? t('segment.checkingIn') : t('segment.confirm')}
      </button>
    </>
  );
}

/**
 * Segment check-in modal (spec 2): for a monthly qualifier one confirm; otherwise the five players
 * to choose. After the call it waits for the roster to say checked in (reloaded every 2 s), then
 * shows success.
 */
export function SegmentCheckInDialog() {
  const { t } = useTranslation('checkins');
  const go = useGoTo();
  const session = useSession();
  const { segmentModalOpen, segmentPhase, tournamentSegment: segment } = useCheckIns();
  const { members, context, selected, setSelected } = useCheckInSelection(segmentModalOpen);
  const open = segmentModalOpen && (segment != null || segmentPhase === 'done');
  const choose = segment != null && segment.mode !== 'qualifier';
  const valid = !choose || isSelectionValid(selected);
  const busy = segmentPhase === 'submitting' || segmentPhase === 'waiting';
  const rosterId = session.roster?.id ?? session.middlewareRosterId;

  const submit = () => {
    if (!segment || !rosterId) return;
    void submitSegmentCheckIn(
      {
        segmentId: segment.id,
        rosterId,
        ...(choose ? { playerTags: selected } : {}),
        isChinese: session.isChinese,
      },
      { navigate: go },
    );
  };

  // One Modal for both steps: the dialog stays open from the choice to the success.
  if (segmentPhase === 'done') {
    return (
      <Modal
        open={open}
        onClose={closeSegmentCheckIn}
        dismissible
        title={t('segment.successTitle')}
        testId="segment-checkin-modal"
        footer={<SegmentCheckInClose />}
      >
        <p data-testid="segment-checkin-success">{t('segment.success', { segment: segment?.name ?? '' })}</p>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={closeSegmentCheckIn}
      dismissible
      title={t('segment.title')}
      testId="segment-checkin-modal"
      footer={<SegmentCheckInFooter disabled={!valid || busy} busy={busy} onSubmit={submit} />}
    >
      <p>
        {choose
          ? t('segment.choose', { size: TEAM_SIZE, segment: segment?.name ?? '' })
          : t('segment.confirmLead', { segment: segment?.name ?? '' })}
      </p>
      {choose ? (
        <>
          <CheckInPlayerList
            members={members}
            context={context}
            selected={selected}
            onChange={setSelected}
            disabled={busy}
          />
          <p className={valid ? 'select-count select-count--ok' : 'select-count'}>
            {t('players.count', { selected: selected.length, size: TEAM_SIZE })}
          </p>
        </>
      ) : null}
      {segmentPhase === 'waiting' ? (
        <p className="muted" role="status" data-testid="segment-checkin-waiting">
          {t('segment.waiting')}
        </p>
      ) : null}
    </Modal>
  );
}

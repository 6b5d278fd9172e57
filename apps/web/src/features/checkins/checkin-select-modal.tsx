import { isSelectionValid, TEAM_SIZE } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useGoTo } from '../../i18n/use-locale';
import { Modal } from '../../lib/modal';
import { CheckInPlayerList } from './checkin-player-list';
import { updateCheckIns, useCheckIns } from './checkin-store';
import { startWarCheckIn } from './match-checkin-actions';
import { useCheckInSelection } from './use-check-in-selection';

/** Select five players for a non-qualifier match check-in (spec 2/5): exactly 5, then START WAR. */
export function CheckInSelectModal() {
  const { t } = useTranslation('checkins');
  const go = useGoTo();
  const { selectOpen, loading } = useCheckIns();
  const { members, context, selected, setSelected } = useCheckInSelection(selectOpen);
  const valid = isSelectionValid(selected);
  const close = () => updateCheckIns({ selectOpen: false });
  return (
    <Modal
      open={selectOpen}
      onClose={close}
      dismissible
      title={t('select.title')}
      testId="checkin-select-modal"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('select.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-testid="checkin-select-start-war"
            disabled={!valid || loading}
            aria-busy={loading}
            onClick={() => void startWarCheckIn(selected, go)}
          >
            {t('prompt.startWar')}
          </button>
        </>
      }
    >
      <p className="muted">{t('select.lead', { size: TEAM_SIZE, thLevel: context.clanThLevel })}</p>
      <CheckInPlayerList
        members={members}
        context={context}
        selected={selected}
        onChange={setSelected}
        disabled={loading}
      />
      <p
        className={valid ? 'select-count select-count--ok' : 'select-count'}
        data-testid="checkin-select-count"
      >
        {t('players.count', { selected: selected.length, size: TEAM_SIZE })}
      </p>
    </Modal>
  );
}

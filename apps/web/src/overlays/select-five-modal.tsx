import {
  defaultSelection,
  isSelectionValid,
  selectablePlayers,
  TEAM_SIZE,
  toggleSelection,
} from '@cwh/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findMatch } from '../features/ladder/queue-actions';
import { updateQueue, useQueue } from '../features/ladder/queue-store';
import { useSession } from '../features/session/session-store';
import { useGoTo } from '../i18n/use-locale';
import { Modal } from '../lib/modal';

/**
 * Select five players (spec 2/5) before joining the queue: the captain and players off the clan's
 * town hall level are locked; exactly 5 on the level are preselected, else only the captain; Find
 * Match needs exactly 5.
 */
export function SelectFiveModal() {
  const { t } = useTranslation('ladder');
  const queue = useQueue();
  const session = useSession();
  const goTo = useGoTo();
  const roster = session.roster;
  const members = roster?.members ?? [];
  const context = useMemo(
    () => ({
      clanThLevel: session.clan?.thLevel ?? roster?.thLevel ?? 0,
      captainTag: roster?.captainTag ?? null,
    }),
    [session.clan?.thLevel, roster?.thLevel, roster?.captainTag],
  );
  const rows = useMemo(() => selectablePlayers(members, context), [members, context]);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    if (queue.selectOpen) setSelected(defaultSelection(members, context));
  }, [queue.selectOpen, members, context]);

  const valid = isSelectionValid(selected);
  const close = () => updateQueue({ selectOpen: false });

  return (
    <Modal
      open={queue.selectOpen}
      onClose={close}
      dismissible
      title={t('select.title')}
      testId="select-five-modal"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('select.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-testid="select-five-submit"
            disabled={!valid || queue.busy}
            onClick={() => void findMatch(selected, goTo)}
          >
            {t('queue.findMatch')}
          </button>
        </>
      }
    >
      <p className="muted">{t('select.lead', { count: TEAM_SIZE, thLevel: context.clanThLevel })}</p>
      <ul className="player-checklist">
        {rows.map((row) => {
          const checked = selected.includes(row.member.tag);
          return (
            <li key={row.member.tag}>
              <label
                className={row.selectable ? 'player-check' : 'player-check player-check--locked'}
                data-testid="select-five-player"
                data-tag={row.member.tag}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!row.selectable}
                  onChange={() => setSelected((current) => toggleSelection(current, row))}
                />
                <span className="player-check__name">{row.member.name}</span>
                <span className="player-check__meta">
                  {row.member.tag} · {t('select.th', { level: row.member.townHallLevel })}
                </span>
                {row.lockedReason ? (
                  <span className="badge badge--muted">
                    {row.lockedReason === 'captain' ? t('select.captain') : t('select.otherTh')}
                  </span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
      <p className={valid ? 'select-count select-count--ok' : 'select-count'} data-testid="select-five-count">
        {t('select.count', { selected: selected.length, count: TEAM_SIZE })}
      </p>
    </Modal>
  );
}

import type { RosterMemberValue } from '@cwh/contract';
import {
  type SelectablePlayer,
  type SelectFiveContext,
  selectablePlayers,
  toggleSelection,
} from '@cwh/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface CheckInPlayerListProps {
  members: readonly RosterMemberValue[];
  context: SelectFiveContext;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}

/**
 * The roster to pick the five from (spec 2/5): tag, role and town hall of each member; the captain
 * (always in) and players off the clan's town hall level (never in) are locked.
 */
export function CheckInPlayerList({
  members,
  context,
  selected,
  onChange,
  disabled,
}: CheckInPlayerListProps) {
  const { t } = useTranslation(['checkins', 'teams']);
  const rows = useMemo(() => selectablePlayers(members, context), [members, context]);
  const toggle = (row: SelectablePlayer<RosterMemberValue>) => onChange(toggleSelection(selected, row));
  return (
    <ul className="player-checklist checkin-players" data-testid="checkin-players">
      {rows.map((row) => (
        <li key={row.member.tag}>
          <label
            className={row.selectable ? 'player-check' : 'player-check player-check--locked'}
            data-testid="checkin-player"
            data-tag={row.member.tag}
            data-locked={row.selectable ? undefined : row.lockedReason}
          >
            <input
              type="checkbox"
              checked={selected.includes(row.member.tag)}
              disabled={disabled || !row.selectable}
              onChange={() => toggle(row)}
            />
            <span className="player-check__name">{row.member.name}</span>
            <span className="player-check__meta">
              {row.member.tag} · {t(`teams:roles.${row.member.role}`)} ·{' '}
              {t('players.th', { level: row.member.townHallLevel })}
            </span>
            {row.lockedReason ? (
              <span className="badge badge--muted">
                {row.lockedReason === 'captain' ? t('players.captain') : t('players.otherTh')}
              </span>
            ) : null}
          </label>
        </li>
      ))}
    </ul>
  );
}

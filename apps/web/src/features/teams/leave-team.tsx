import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../session/session-store';
import { leaveTeam } from './team-api';
import { ConfirmDialog } from './team-dialogs';
import { useTeamAction } from './use-team';

/** A selected member other than the captain may leave before the lock (the captain is changed first). */
export function canLeaveTeam(
  roster: Pick<NonNullable<SessionState['roster']>, 'locked' | 'captainTag' | 'members'> | null,
  playerTag: string | null,
): boolean {
  if (!roster || roster.locked || !playerTag || roster.captainTag === playerTag) return false;
  return roster.members.some((member) => member.tag === playerTag);
}

/** "Leave Team": a warning to confirm, then the member is off the team (POST /rosters/{id}/leave). */
export function LeaveTeam({ rosterId }: { rosterId: string }) {
  const { t } = useTranslation('teams');
  const { busy, run } = useTeamAction();
  const [asking, setAsking] = useState(false);
  // On success the clan reloads: the page then tells the player they are not on the team.
  const confirm = async () => {
    await run(() => leaveTeam(rosterId));
    setAsking(false);
  };
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        data-testid="leave-team"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {t('actions.leaveTeam')}
      </button>
      {asking ? (
        <ConfirmDialog
          testId="leave-confirm"
          confirmTestId="confirm-leave"
          confirmLabel={t('actions.leaveTeam')}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>{t('leave.confirm')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

import { lockRosterBlockers, sortClanMembers } from '@cwh/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoTo } from '../../i18n/use-locale';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { lockRoster } from './team-api';
import { NotAllowedNotice, TeamPage } from './team-page';
import { BackToTeamLink, MemberLine, ResultDialog, StatusBadge } from './team-ui';
import { useTeamAction } from './use-team';

/** /my-clan/lock-roster: "Confirm your Roster" — the captain locks the team (spec 5, 6). */
export function LockRosterPage() {
  return <TeamPage name="my-clan-lock-roster" titleKey="lock.title" view={LockView} />;
}

function LockView({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teams', 'common']);
  const go = useGoTo();
  const { busy, run } = useTeamAction();
  const [locked, setLocked] = useState(false);
  const { roster } = session;
  if (!roster) {
    return <NotAllowedNotice>{t('myTeam.noTeamMember')}</NotAllowedNotice>;
  }
  const blockers = lockRosterBlockers(
    roster.members.map((member) => ({
      inClan: member.inClan,
      isSelected: true,
      registrationStatus: member.registrationStatus,
    })),
    roster.captainTag,
  );
  const members = sortClanMembers(
    roster.members.map((m) => ({
      ...m,
      rosterPosition: m.tag === roster.captainTag ? ('captain' as const) : null,
    })),
  );
  const confirm = async () => {
    if (await run(lockRoster)) setLocked(true);
  };
  return (
    <>
      <div className="card lock-card">
        <h2 className="lock-card__header" data-testid="lock-header">
          {t('lock.header')}
        </h2>
        <p className="muted">{t('lock.lead')}</p>
        <ul className="member-list">
          {members.map((member) => (
            <li key={member.tag}>
              <MemberLine
                member={member}
                captain={member.tag === roster.captainTag}
                you={member.tag === session.playerTag}
              >
                <StatusBadge status={member.registrationStatus} />
              </MemberLine>
            </li>
          ))}
        </ul>
      </div>
      {roster.locked && !locked ? (
        <Notice tone="success" testId="already-locked">
          {t('lock.alreadyLocked')}
        </Notice>
      ) : !session.isCaptain ? (
        <Notice tone="warning" testId="not-captain">
          {t('lock.notCaptain')}
        </Notice>
      ) : (
        blockers.map((blocker) => (
          <Notice key={blocker} tone="warning" testId={`lock-blocker-${blocker}`}>
            {t(`lock.blockers.${blocker}`)}
          </Notice>
        ))
      )}
      <div className="action-bar">
        <BackToTeamLink />
        {!roster.locked && session.isCaptain ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy || blockers.length > 0}
            onClick={confirm}
            data-testid="confirm-lock"
          >
            {t('actions.lockTeam')}
          </button>
        ) : null}
      </div>
      {locked ? (
        <ResultDialog
          kind="success"
          testId="roster-locked-dialog"
          header={t('lock.created')}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={() => go('/')}>
                {t('common:actions.viewEvent')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => go('/my-clan')}
                data-testid="dialog-back-to-team"
              >
                {t('actions.backToTeam')}
              </button>
            </>
          }
        >
          <p>{t('lock.createdBody')}</p>
        </ResultDialog>
      ) : null}
    </>
  );
}

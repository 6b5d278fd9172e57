import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SessionState } from '../session/session-store';
import { kickPlayer, withdrawTeam } from './team-api';
import { ConfirmDialog, DoneDialog } from './team-dialogs';
import { NotAllowedNotice, TeamPage } from './team-page';
import { MemberLine, StatusBadge } from './team-ui';
import { useTeamAction } from './use-team';

/** /my-clan/kick/:player — "Hey, wait!" then remove the player from the team (leader, before the lock). */
export function KickPlayerPage() {
  return <TeamPage name="my-clan-kick" titleKey="kick.title" view={KickView} />;
}

function KickView({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  const { player = '' } = useParams();
  const { busy, run } = useTeamAction();
  const [done, setDone] = useState(false);
  const tag = `#${decodeURIComponent(player).replace(/^#/, '').toUpperCase()}`;
  const { roster } = session;
  const member = roster?.members.find((m) => m.tag === tag);
  if (!roster || !member || roster.locked || !session.isLeader) {
    return <NotAllowedNotice>{!member ? t('kick.notFound') : t('kick.notAllowed')}</NotAllowedNotice>;
  }
  const confirm = async () => {
    if ((await run(() => kickPlayer(roster.id, member.tag))) !== undefined) setDone(true);
  };
  return (
    <>
      <MemberLine member={member}>
        <StatusBadge status={member.registrationStatus} />
      </MemberLine>
      {done ? (
        <DoneDialog
          testId="kick-done"
          header={t('kick.done', { name: member.name })}
          actionLabel={t('actions.backToTeam')}
          path="/my-clan"
        />
      ) : (
        <ConfirmDialog
          testId="kick-confirm"
          confirmTestId="confirm-kick"
          confirmLabel={t('actions.kick')}
          busy={busy}
          onConfirm={confirm}
        >
          <p>{t('kick.confirm', { name: member.name })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** /my-clan/withdraw — "Hey, wait!" then withdraw the clan's team (leader). */
export function WithdrawPage() {
  return <TeamPage name="my-clan-withdraw" titleKey="withdraw.title" view={WithdrawView} />;
}

function WithdrawView({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teams', 'common']);
  const { busy, run } = useTeamAction();
  const [done, setDone] = useState(false);
  const clan = session.clan;
  if (!clan || (!session.roster && !done) || !session.isLeader) {
    return <NotAllowedNotice>{t('withdraw.notAllowed')}</NotAllowedNotice>;
  }
  const confirm = async () => {
    if ((await run(() => withdrawTeam(clan.tag))) !== undefined) setDone(true);
  };
  return done ? (
    <DoneDialog
      testId="withdraw-done"
      header={t('withdraw.done')}
      actionLabel={t('common:actions.backToEvent')}
      path="/"
    />
  ) : (
    <ConfirmDialog
      testId="withdraw-confirm"
      confirmTestId="confirm-withdraw"
      confirmLabel={t('actions.withdraw')}
      busy={busy}
      onConfirm={confirm}
    >
      <p>{t('withdraw.confirm', { clan: clan.name })}</p>
    </ConfirmDialog>
  );
}

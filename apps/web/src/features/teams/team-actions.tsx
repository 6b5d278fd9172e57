import { canManageTeam } from '@cwh/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoTo, useLocalizedPath } from '../../i18n/use-locale';
import { config } from '../../lib/config';
import { CheckInButtons } from '../checkins/checkin-buttons';
import { StageDisqualificationNotice } from '../disqualifications/stage-disqualification-notice';
import { StartWarButton } from '../matches/start-war-button';
import { ExternalLink } from '../session/external-link';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { canLeaveTeam, LeaveTeam } from './leave-team';
import { registerForTeam } from './team-api';
import { teamPhase } from './team-status';
import { useTeamAction } from './use-team';

type Primary = 'register' | 'create' | 'lock' | 'manage' | null;

/** What the viewer may do with the team, and the one next step (the primary button). */
function teamPermissions(session: SessionState) {
  const { roster } = session;
  const registrationOpen = roster
    ? roster.registrationStatus === 'open'
    : !session.periods.registrationClosed;
  const manage = canManageTeam({
    registrationOpen,
    rosterLocked: roster?.locked ?? false,
    middlewareRosterId: roster?.id ?? null,
    isLeader: session.isLeader,
    isCoLeader: session.isCoLeader,
    isCaptain: session.isCaptain,
  });
  const createTeam = !roster && session.isLeader && registrationOpen && Boolean(session.activeSegmentId);
  const lock = Boolean(roster && !roster.locked && session.isCaptain);
  // One primary button, the next step: register, else create the team, else lock once every
  // member is ready, else manage the team. The others are secondary.
  const lockReady = lock && teamPhase(roster) === 'readyToLock';
  const primary: Primary = session.showRegistrationButton
    ? 'register'
    : createTeam
      ? 'create'
      : lockReady
        ? 'lock'
        : manage
          ? 'manage'
          : null;
  return {
    manage,
    createTeam,
    lock,
    changeCaptain: Boolean(roster && !roster.locked && session.isLeader && registrationOpen),
    invite: Boolean(roster && !roster.locked && (session.isLeader || session.isCaptain)),
    withdraw: Boolean(roster && session.isLeader),
    onRoster: Boolean(roster?.members.some((member) => member.tag === session.playerTag)),
    leave: canLeaveTeam(roster, session.playerTag),
    primary,
  };
}

interface TeamLink {
  show: boolean;
  key: string;
  tone: string;
  path: string;
  testId: string;
  label: string;
}

/** The team's link buttons in their order: create, manage, lock, captain, invite, chat, withdraw. */
function teamLinks(session: SessionState, can: ReturnType<typeof teamPermissions>, t: TFunction): TeamLink[] {
  const tone = (key: string) => (key === can.primary ? 'primary' : 'ghost');
  const chatApp = t(session.isChinese ? 'errors:chatApp.china' : 'errors:chatApp.community');
  const teamChat = session.roster?.chatGroupUrl ?? config.communityChatUrl ?? null;
  return [
    {
      show: can.createTeam,
      key: 'create',
      tone: tone('create'),
      path: '/my-clan/manage',
      testId: 'create-team',
      label: t('actions.createTeam'),
    },
    {
      show: can.manage,
      key: 'manage',
      tone: tone('manage'),
      path: '/my-clan/manage',
      testId: 'manage-team',
      label: session.isLeader ? t('actions.manageTeam') : t('actions.editTeam'),
    },
    {
      show: can.lock,
      key: 'lock',
      tone: tone('lock'),
      path: '/my-clan/lock-roster',
      testId: 'lock-team',
      label: t('actions.lockTeam'),
    },
    {
      show: can.changeCaptain,
      key: 'captain',
      tone: 'ghost',
      path: '/my-clan/change-captain',
      testId: 'change-captain',
      label: t('actions.changeCaptain'),
    },
    {
      show: can.invite,
      key: 'invite',
      tone: 'ghost',
      path: '/registration/team/invite',
      testId: 'invite-members',
      label: t('actions.inviteMembers'),
    },
    {
      // The Chinese messaging app's team step (its code is the team's own group); elsewhere the
      // team's own chat link, else the community chat when one is configured.
      show: can.onRoster && (session.isChinese || teamChat != null),
      key: 'chat',
      tone: 'ghost',
      path: session.isChinese ? '/my-clan/china/wechat' : (teamChat ?? ''),
      testId: 'team-chat',
      label: t('actions.teamChat', { app: chatApp }),
    },
    {
      show: can.withdraw,
      key: 'withdraw',
      tone: 'danger',
      path: '/my-clan/withdraw',
      testId: 'withdraw-team',
      label: t('actions.withdraw'),
    },
  ];
}

/** A link button: an app page, or an outside address (a chat group). */
function TeamLinkButton({ link }: { link: TeamLink }) {
  const to = useLocalizedPath();
  return !link.path.startsWith('/') ? (
    <ExternalLink className={`button button--${link.tone}`} href={link.path} testId={link.testId}>
      {link.label}
    </ExternalLink>
  ) : (
    <Link className={`button button--${link.tone}`} to={to(link.path)} data-testid={link.testId}>
      {link.label}
    </Link>
  );
}

/** Register: to the profile steps without an account, else registers and shows the success page. */
function RegisterButton({ session, tone }: { session: SessionState; tone: string }) {
  const { t } = useTranslation(['teams', 'errors']);
  const go = useGoTo();
  const { busy, run } = useTeamAction();
  const [registering, setRegistering] = useState(false);
  const register = async () => {
    if (!session.hasAccount) {
      go('/registration/profile/age');
      return;
    }
    setRegistering(true);
    const done = await run(registerForTeam);
    setRegistering(false);
    if (done) go('/registration/profile/success');
  };
  return (
    <button
      type="button"
      className={`button button--${tone}`}
      data-testid="register-button"
      disabled={busy || registering}
      onClick={register}
    >
      {t('actions.register')}
    </button>
  );
}

/** The team's notices and the buttons each role may use. */
export function TeamActions({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teams', 'errors']);
  const { roster } = session;
  const can = teamPermissions(session);
  const buttons = [
    session.showRegistrationButton ? (
      <RegisterButton
        key="register"
        session={session}
        tone={can.primary === 'register' ? 'primary' : 'ghost'}
      />
    ) : null,
    ...teamLinks(session, can, t).map((link) =>
      link.show ? <TeamLinkButton key={link.key} link={link} /> : null,
    ),
    can.leave ? <LeaveTeam key="leave" rosterId={roster!.id} /> : null,
  ].filter(Boolean);

  return (
    <>
      {!roster && !session.clanDidNotCreateRoster && !session.notInvited ? (
        <Notice testId="no-team">
          {session.isLeader ? t('myTeam.noTeamLeader') : t('myTeam.noTeamMember')}
        </Notice>
      ) : null}
      {roster ? <StageDisqualificationNotice rosterId={roster.id} /> : null}
      {session.showRegistrationButton ? (
        <Notice testId="register-prompt">{t('myTeam.registerPrompt')}</Notice>
      ) : null}
      {buttons.length > 0 || (session.isCaptain && roster?.locked) ? (
        <div className="action-bar" data-testid="team-actions">
          <CheckInButtons session={session} />
          {session.isCaptain ? <StartWarButton testId="team-start-war" /> : null}
          {buttons}
        </div>
      ) : null}
    </>
  );
}

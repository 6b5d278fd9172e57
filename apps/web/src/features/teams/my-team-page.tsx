import { canManageTeam, sortClanMembers } from '@cwh/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoTo, useLocalizedPath } from '../../i18n/use-locale';
import { config } from '../../lib/config';
import { CalendarLinks } from '../calendar/calendar-links';
import { CheckInButtons } from '../checkins/checkin-buttons';
import { useStageTimeline } from '../checkins/use-stage-timeline';
import { StageDisqualificationNotice } from '../disqualifications/stage-disqualification-notice';
import { StartWarButton } from '../matches/start-war-button';
import { ExternalLink } from '../session/external-link';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { ChatAccountBadge } from './chat-account-badge';
import { canLeaveTeam, LeaveTeam } from './leave-team';
import { RosterInvitations } from './roster-invitations';
import { registerForTeam } from './team-api';
import { TeamChatLinkForm } from './team-chat-link';
import { TeamPage } from './team-page';
import { TeamPlayCard, useHasPlayed } from './team-play';
import {
  isStagePhase,
  teamPhase,
  teamStagePhase,
  teamWarnings,
  warningTextKey,
  warningViewer,
} from './team-status';
import { MemberLine, StatusBadge } from './team-ui';
import { useTeamAction } from './use-team';

/** /my-clan: the clan's team, its status and the buttons each role may use (spec 2, 4, 6). */
export function MyTeamPage() {
  return <TeamPage name="my-clan" titleKey="myTeam.title" view={TeamView} />;
}

function TeamView({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teams', 'errors']);
  if (session.status === 'limited') {
    return (
      <>
        <Notice tone="warning" testId="limited-notice">
          {session.limitedReason === 'PLAYER_BANNED' ? t('myTeam.banned') : t('myTeam.noClan')}
        </Notice>
        <RosterInvitations />
      </>
    );
  }
  if (session.thNotHighEnough) {
    return (
      <Notice tone="warning" testId="th-not-high-enough">
        {t('myTeam.thNotHighEnough')}
      </Notice>
    );
  }
  return (
    <>
      <RosterInvitations />
      <ClanCard session={session} />
      {session.clanDidNotCreateRoster ? (
        <Notice testId="clan-no-roster">{t('myTeam.noTeamMember')}</Notice>
      ) : null}
      {session.notInvited ? <Notice testId="not-invited">{t('myTeam.notInvited')}</Notice> : null}
      <TeamActions session={session} />
      <TeamPlayCard />
      {session.roster ? <CalendarLinks kind="roster" id={session.roster.id} /> : null}
      <TeamChatLinkForm session={session} />
      <Roster session={session} />
    </>
  );
}

function ClanCard({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  const { clan, roster } = session;
  const timeline = useStageTimeline();
  const phase = teamStagePhase(roster, session.periods.registrationClosed, timeline);
  const warnings = teamWarnings(roster, session.clanMembers);
  // "You have created the Roster!" greets a new team; once it has played, its play card says more.
  const hasPlayed = useHasPlayed();
  const ready = roster?.members.filter((member) => member.registrationStatus === 'ready').length ?? 0;
  return (
    <div className="card team-card" data-testid="team-card">
      <div className="team-card__top">
        <div>
          <h2 className="team-card__clan" data-testid="clan-name">
            {clan?.name}
          </h2>
          <p className="muted team-card__meta">
            <span>{clan?.tag}</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="clan-th">{t('myTeam.townHall', { level: clan?.thLevel ?? '?' })}</span>
          </p>
        </div>
        {roster?.locked ? (
          <span className="badge badge--locked" data-testid="locked-badge">
            {t('badges.locked')}
          </span>
        ) : null}
      </div>
      <dl className="team-card__facts">
        <div>
          <dt>{t('phase.label')}</dt>
          <dd data-testid="team-phase" data-phase={phase}>
            {isStagePhase(phase) ? t(`checkins:phase.${phase}`) : t(`phase.${phase}`)}
          </dd>
        </div>
        {roster ? (
          <div>
            <dt>{t('myTeam.readyCount')}</dt>
            <dd data-testid="ready-count">
              {ready}/{roster.members.length}
            </dd>
          </div>
        ) : null}
        {roster ? (
          <div>
            <dt>{t('registration.label')}</dt>
            <dd>{t(`registration.${roster.registrationStatus}`)}</dd>
          </div>
        ) : null}
      </dl>
      {warnings.map((warning) => (
        <Notice
          key={warning}
          tone={warning === 'cannotCompete' ? 'danger' : 'warning'}
          testId={`warning-${warning}`}
        >
          {t(warningTextKey(warning, warningViewer(session)))}
        </Notice>
      ))}
      {roster?.locked &&
      !hasPlayed &&
      session.roster?.members.some((member) => member.tag === session.playerTag) ? (
        <Notice tone="success" testId="roster-joined">
          {session.isCaptain ? t('lock.created') : t('lock.joined')}
        </Notice>
      ) : null}
    </div>
  );
}

function TeamActions({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teams', 'errors']);
  const to = useLocalizedPath();
  const go = useGoTo();
  const { busy, run } = useTeamAction();
  const [registering, setRegistering] = useState(false);
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
  const changeCaptain = Boolean(roster && !roster.locked && session.isLeader && registrationOpen);
  const invite = Boolean(roster && !roster.locked && (session.isLeader || session.isCaptain));
  const withdraw = Boolean(roster && session.isLeader);
  const onRoster = Boolean(roster?.members.some((member) => member.tag === session.playerTag));
  const leave = canLeaveTeam(roster, session.playerTag);
  const chatApp = t(session.isChinese ? 'errors:chatApp.china' : 'errors:chatApp.community');
  const teamChat = roster?.chatGroupUrl ?? config.communityChatUrl ?? null;
  // One primary button, the next step: register, else create the team, else lock once every
  // member is ready, else manage the team. The others are secondary.
  const lockReady = lock && teamPhase(roster) === 'readyToLock';
  const primary = session.showRegistrationButton
    ? 'register'
    : createTeam
      ? 'create'
      : lockReady
        ? 'lock'
        : manage
          ? 'manage'
          : null;
  const tone = (key: string) => (key === primary ? 'primary' : 'ghost');

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

  const buttons = [
    session.showRegistrationButton ? (
      <button
        key="register"
        type="button"
        className={`button button--${tone('register')}`}
        data-testid="register-button"
        disabled={busy || registering}
        onClick={register}
      >
        {t('actions.register')}
      </button>
    ) : null,
    ...[
      {
        show: createTeam,
        key: 'create',
        tone: tone('create'),
        path: '/my-clan/manage',
        testId: 'create-team',
        label: t('actions.createTeam'),
      },
      {
        show: manage,
        key: 'manage',
        tone: tone('manage'),
        path: '/my-clan/manage',
        testId: 'manage-team',
        label: session.isLeader ? t('actions.manageTeam') : t('actions.editTeam'),
      },
      {
        show: lock,
        key: 'lock',
        tone: tone('lock'),
        path: '/my-clan/lock-roster',
        testId: 'lock-team',
        label: t('actions.lockTeam'),
      },
      {
        show: changeCaptain,
        key: 'captain',
        tone: 'ghost',
        path: '/my-clan/change-captain',
        testId: 'change-captain',
        label: t('actions.changeCaptain'),
      },
      {
        show: invite,
        key: 'invite',
        tone: 'ghost',
        path: '/registration/team/invite',
        testId: 'invite-members',
        label: t('actions.inviteMembers'),
      },
      {
        // The Chinese messaging app's team step (its code is the team's own group); elsewhere the
        // team's own chat link, else the community chat when one is configured.
        show: onRoster && (session.isChinese || teamChat != null),
        key: 'chat',
        tone: 'ghost',
        path: session.isChinese ? '/my-clan/china/wechat' : (teamChat ?? ''),
        testId: 'team-chat',
        label: t('actions.teamChat', { app: chatApp }),
      },
      {
        show: withdraw,
        key: 'withdraw',
        tone: 'danger',
        path: '/my-clan/withdraw',
        testId: 'withdraw-team',
        label: t('actions.withdraw'),
      },
    ].map((link) =>
      link.show && !link.path.startsWith('/') ? (
        <ExternalLink
          key={link.key}
          className={`button button--${link.tone}`}
          href={link.path}
          testId={link.testId}
        >
          {link.label}
        </ExternalLink>
      ) : link.show ? (
        <Link
          key={link.key}
          className={`button button--${link.tone}`}
          to={to(link.path)}
          data-testid={link.testId}
        >
          {link.label}
        </Link>
      ) : null,
    ),
    leave ? <LeaveTeam key="leave" rosterId={roster!.id} /> : null,
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

/** The team's members with their status and connected chat account. */
export function Roster({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  const to = useLocalizedPath();
  const { roster } = session;
  const canKick = Boolean(
    roster && !roster.locked && session.isLeader && roster.registrationStatus === 'open',
  );
  if (!roster) {
    return <ClanList session={session} />;
  }
  const members = sortClanMembers(
    roster.members.map((member) => ({
      ...member,
      rosterPosition: member.tag === roster.captainTag ? ('captain' as const) : null,
    })),
  );
  return (
    <section className="team-section" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="section-title">
        {t('myTeam.members')}
      </h2>
      <ul className="member-list" data-testid="roster-members">
        {members.map((member) => (
          <li key={member.tag}>
            <MemberLine
              member={member}
              captain={member.tag === roster.captainTag}
              you={member.tag === session.playerTag}
              trailing={
                canKick && member.tag !== roster.captainTag ? (
                  <Link
                    className="button button--small button--ghost"
                    to={to(`/my-clan/kick/${encodeURIComponent(member.tag.replace(/^#/, ''))}`)}
                    data-testid="kick-member"
                    aria-label={t('kick.label', { name: member.name })}
                  >
                    {t('actions.kick')}
                  </Link>
                ) : null
              }
            >
              <StatusBadge status={member.registrationStatus} />
              <ChatAccountBadge member={member} you={member.tag === session.playerTag} />
              {!member.inClan ? (
                <span className="badge badge--status-notReady">{t('badges.leftClan')}</span>
              ) : null}
            </MemberLine>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Without a team: the clan's members, so a leader sees who can be picked. */
function ClanList({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  if (session.clanMembers.length === 0) return null;
  return (
    <section className="team-section" aria-labelledby="clan-members-title">
      <h2 id="clan-members-title" className="section-title">
        {t('myTeam.clanMembers')}
      </h2>
      <ul className="member-list" data-testid="clan-members">
        {sortClanMembers(session.clanMembers).map((member) => (
          <li key={member.tag}>
            <MemberLine member={member} you={member.tag === session.playerTag} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { sortClanMembers } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { CalendarLinks } from '../calendar/calendar-links';
import { useStageTimeline } from '../checkins/use-stage-timeline';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { ChatAccountBadge } from './chat-account-badge';
import { RosterInvitations } from './roster-invitations';
import { TeamActions } from './team-actions';
import { TeamChatLinkForm } from './team-chat-link';
import { TeamPage } from './team-page';
import { TeamPlayCard, useHasPlayed } from './team-play';
import { isStagePhase, teamStagePhase, teamWarnings, warningTextKey, warningViewer } from './team-status';
import { MemberLine, StatusBadge } from './team-ui';

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

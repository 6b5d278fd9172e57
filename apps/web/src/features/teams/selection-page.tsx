import type { ClanMemberValue } from '@cwh/contract';
import {
  CHAMPIONSHIP_TH_LEVEL,
  canManageTeam,
  canTickMember,
  sortClanMembers,
  validateTeamSelection,
} from '@cwh/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoTo } from '../../i18n/use-locale';
import type { SessionState } from '../session/session-store';
import { readSelectionDraft, writeSelectionDraft } from './selection-draft';
import { NotAllowedNotice, TeamPage } from './team-page';
import { BackToTeamLink, MemberLine, StatusBadge } from './team-ui';
import { useTeamSizeLimit } from './use-team-size';

/** The rules the selection is checked against, from the clan (TH17 championship, else the cup level). */
export function selectionRules(session: Pick<SessionState, 'clan' | 'roster'>) {
  const thLevel = session.roster?.thLevel ?? session.clan?.thLevel ?? null;
  return {
    competition: thLevel === CHAMPIONSHIP_TH_LEVEL ? ('championship' as const) : ('townHallCup' as const),
    thLevel,
  };
}

/** Who may pick the team: a leader (also to create it), or a co-leader who is the captain (spec 4/6). */
export function maySelect(session: SessionState): boolean {
  const { roster } = session;
  if (!roster)
    return session.isLeader && !session.periods.registrationClosed && Boolean(session.activeSegmentId);
  return canManageTeam({
    registrationOpen: roster.registrationStatus === 'open',
    rosterLocked: roster.locked,
    middlewareRosterId: roster.id,
    isLeader: session.isLeader,
    isCoLeader: session.isCoLeader,
    isCaptain: session.isCaptain,
  });
}

/** /my-clan/manage: Pick Team — the checkbox list of clan members with instant validation (spec 5). */
export function SelectionPage() {
  return (
    <TeamPage
      name="my-clan-manage"
      titleKey={(session) => (session.roster ? 'select.titleManage' : 'select.title')}
      view={SelectionView}
    />
  );
}

function SelectionView({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  return maySelect(session) ? (
    <SelectionForm session={session} />
  ) : (
    <NotAllowedNotice>{t('select.notAllowed')}</NotAllowedNotice>
  );
}

function SelectionForm({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  const go = useGoTo();
  const { roster } = session;
  const [selected, setSelected] = useState<Set<string>>(
    () =>
      new Set(
        readSelectionDraft(session.clan?.tag) ??
          roster?.members.filter((m) => m.inClan).map((m) => m.tag) ??
          [],
      ),
  );
  const [touched, setTouched] = useState(false);
  // The team size is said up front, and a tick past it is refused here, not by error 6 later.
  const max = useTeamSizeLimit(session);
  const [refused, setRefused] = useState(false);
  const members = useMemo(
    () =>
      sortClanMembers(
        session.clanMembers.map((member) => ({
          ...member,
          rosterPosition: member.tag === roster?.captainTag ? ('captain' as const) : null,
        })),
      ),
    [session.clanMembers, roster?.captainTag],
  );
  const picked = members.filter((member) => selected.has(member.tag));
  const issues = validateTeamSelection(picked, selectionRules(session));
  const tooMany = picked.length > max;
  const toggle = (member: ClanMemberValue) => {
    setTouched(true);
    const ticked = selected.has(member.tag);
    setRefused(!canTickMember(ticked, selected.size, max));
    if (!canTickMember(ticked, selected.size, max)) return;
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(member.tag)) next.delete(member.tag);
      else next.add(member.tag);
      return next;
    });
  };
  const submit = () => {
    setTouched(true);
    if (issues.length > 0 || tooMany || !session.clan) return;
    writeSelectionDraft({ clanTag: session.clan.tag, members: picked.map((member) => member.tag) });
    go('/registration/team/pick-captain');
  };

  return (
    <form
      className="selection"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <p className="selection__size" data-testid="team-size">
        {t('select.size', { size: max })}
      </p>
      <p className="page__lead">{t('select.lead')}</p>
      {roster ? (
        <p className="muted" data-testid="changes-left">
          {t('select.changesLeft', { remaining: roster.changes.remaining, limit: roster.changes.limit })}
        </p>
      ) : null}
      <fieldset className="check-list">
        <legend className="visually-hidden">{t('myTeam.clanMembers')}</legend>
        {members.map((member) => {
          const id = `pick-${member.tag.replace('#', '')}`;
          return (
            <label
              key={member.tag}
              htmlFor={id}
              className={`check-row${selected.has(member.tag) ? ' check-row--on' : picked.length >= max ? ' check-row--full' : ''}`}
            >
              <input
                id={id}
                type="checkbox"
                className="check-row__box"
                checked={selected.has(member.tag)}
                onChange={() => toggle(member)}
                data-testid="select-member"
                data-tag={member.tag}
              />
              <MemberLine
                member={member}
                captain={member.tag === roster?.captainTag}
                you={member.tag === session.playerTag}
                testId="select-member-row"
              >
                {member.registrationStatus ? <StatusBadge status={member.registrationStatus} /> : null}
              </MemberLine>
            </label>
          );
        })}
      </fieldset>
      <div className="selection__footer">
        <p className="selection__count" data-testid="selected-count">
          {t('select.selectedOf', { selected: picked.length, size: max })}
        </p>
        <p className="selection__full" data-testid="selection-full" role="status">
          {refused || tooMany ? t('select.full', { size: max }) : ''}
        </p>
        {touched && issues.length > 0 ? <SelectionIssues issues={issues} live /> : null}
        <div className="action-bar">
          <BackToTeamLink />
          <button
            type="submit"
            className="button button--primary"
            disabled={(touched && issues.length > 0) || tooMany}
            data-testid="selection-continue"
          >
            {roster ? t('actions.chooseTeam') : t('actions.pickTeam')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** The rules a picked team breaks, under the list (announced as they change on the Pick Team form). */
export function SelectionIssues({
  issues,
  live = false,
}: {
  issues: ReturnType<typeof validateTeamSelection>;
  live?: boolean;
}) {
  const { t } = useTranslation('teams');
  return (
    <ul className="field-errors" data-testid="selection-errors" aria-live={live ? 'polite' : undefined}>
      {issues.map((issue) => (
        <li key={issue.code} data-testid="selection-error" data-code={issue.code}>
          {t(`validation.team.${issue.code}`, issue.params)}
        </li>
      ))}
    </ul>
  );
}

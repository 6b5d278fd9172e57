import { isLeaderOrCoLeader, sortClanMembers, validateTeamSelection } from '@cwh/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoTo, useLocalizedPath } from '../../i18n/use-locale';
import { getSession, type SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { clearSelectionDraft, readSelectionDraft } from './selection-draft';
import { maySelect, SelectionIssues, selectionRules } from './selection-page';
import { changeCaptain, saveSelection } from './team-api';
import { DoneDialog } from './team-dialogs';
import { NotAllowedNotice, TeamPage } from './team-page';
import { BackToTeamLink, MemberLine } from './team-ui';
import { useTeamAction } from './use-team';

interface Candidate {
  tag: string;
  name: string;
  role: 'leader' | 'coLeader' | 'elder' | 'member';
  townHallLevel: number;
}

function CaptainRadios({
  candidates,
  value,
  onChange,
  currentCaptain,
  playerTag,
}: {
  candidates: Candidate[];
  value: string | null;
  onChange: (tag: string) => void;
  currentCaptain: string | null;
  playerTag: string | null;
}) {
  const { t } = useTranslation('teams');
  return (
    <fieldset className="check-list">
      <legend className="visually-hidden">{t('captain.title')}</legend>
      {sortClanMembers(candidates.map((c) => ({ ...c, rosterPosition: null }))).map((candidate) => {
        const id = `captain-${candidate.tag.replace('#', '')}`;
        return (
          <label
            key={candidate.tag}
            htmlFor={id}
            className={`check-row${value === candidate.tag ? ' check-row--on' : ''}`}
          >
            <input
              id={id}
              type="radio"
              name="captain"
              className="check-row__box"
              checked={value === candidate.tag}
              onChange={() => onChange(candidate.tag)}
              data-testid="captain-option"
              data-tag={candidate.tag}
            />
            <MemberLine
              member={candidate}
              captain={candidate.tag === currentCaptain}
              you={candidate.tag === playerTag}
              testId="captain-row"
            />
          </label>
        );
      })}
    </fieldset>
  );
}

/** /registration/team/pick-captain: Choose Captain for the picked members, then save the team. */
export function PickCaptainPage() {
  return <TeamPage name="registration-team-pick-captain" titleKey="captain.title" view={PickCaptainForm} />;
}

function PickCaptainForm({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  const go = useGoTo();
  const to = useLocalizedPath();
  const { busy, run } = useTeamAction();
  const tags =
    readSelectionDraft(session.clan?.tag) ??
    session.roster?.members.filter((m) => m.inClan).map((m) => m.tag) ??
    [];
  const picked = session.clanMembers.filter((member) => tags.includes(member.tag));
  const candidates = picked.filter(isLeaderOrCoLeader);
  const initial =
    [session.roster?.captainTag, session.playerTag].find((tag) => candidates.some((c) => c.tag === tag)) ??
    candidates[0]?.tag ??
    null;
  const [captain, setCaptain] = useState<string | null>(initial);

  if (!maySelect(session) || picked.length === 0) {
    return (
      <NotAllowedNotice
        action={
          <Link className="button button--primary" to={to('/my-clan/manage')}>
            {t('actions.pickTeam')}
          </Link>
        }
      >
        {maySelect(session) ? t('captain.pickTeamFirst') : t('select.notAllowed')}
      </NotAllowedNotice>
    );
  }
  const issues = validateTeamSelection(picked, {
    ...selectionRules(session),
    captainTag: captain,
    requireCaptain: true,
  });
  const save = async () => {
    const segmentId = session.roster?.segmentId ?? session.activeSegmentId;
    if (!captain || issues.length > 0 || !segmentId) return;
    const saved = await run(() =>
      saveSelection(
        captain,
        picked.map((m) => m.tag),
        segmentId,
      ),
    );
    if (saved) {
      clearSelectionDraft();
      go('/registration/feedback/captain-pick-completed');
    }
  };
  return (
    <>
      <p className="page__lead">{t('captain.lead')}</p>
      {candidates.length === 0 ? <Notice tone="warning">{t('captain.none')}</Notice> : null}
      <CaptainRadios
        candidates={candidates}
        value={captain}
        onChange={setCaptain}
        currentCaptain={session.roster?.captainTag ?? null}
        playerTag={session.playerTag}
      />
      {issues.length > 0 ? <SelectionIssues issues={issues} /> : null}
      <div className="action-bar">
        <Link className="button button--ghost" to={to('/my-clan/manage')} data-testid="back-to-selection">
          {t('actions.back')}
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !captain || issues.length > 0}
          onClick={save}
          data-testid="choose-captain"
        >
          {t('actions.chooseCaptain')}
        </button>
      </div>
    </>
  );
}

/** /my-clan/change-captain: the leader picks another selected leader or co-leader (spec 6). */
export function ChangeCaptainPage() {
  return <TeamPage name="my-clan-change-captain" titleKey="changeCaptain.title" view={ChangeCaptainForm} />;
}

function ChangeCaptainForm({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teams', 'common']);
  const { busy, run } = useTeamAction();
  const { roster } = session;
  const [captain, setCaptain] = useState<string | null>(roster?.captainTag ?? null);
  const [done, setDone] = useState(false);
  if (!roster || roster.locked || !session.isLeader) {
    return <NotAllowedNotice>{t('changeCaptain.notAllowed')}</NotAllowedNotice>;
  }
  const candidates = roster.members
    .map((member) => ({
      ...member,
      role: session.clanMembers.find((m) => m.tag === member.tag)?.role ?? member.role,
    }))
    .filter((member) => member.inClan && isLeaderOrCoLeader(member));
  const save = async () => {
    if (!captain) return;
    if (await run(() => changeCaptain(captain))) setDone(true);
  };
  const name = getSession().roster?.members.find((m) => m.tag === getSession().roster?.captainTag)?.name;
  return (
    <>
      <p className="page__lead">{t('changeCaptain.lead')}</p>
      <CaptainRadios
        candidates={candidates}
        value={captain}
        onChange={setCaptain}
        currentCaptain={roster.captainTag}
        playerTag={session.playerTag}
      />
      <div className="action-bar">
        <BackToTeamLink />
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !captain || captain === roster.captainTag}
          onClick={save}
          data-testid="confirm-change-captain"
        >
          {t('actions.changeCaptain')}
        </button>
      </div>
      {done ? (
        <DoneDialog
          testId="captain-changed-dialog"
          header={t('changeCaptain.done', { name: name ?? '' })}
          actionLabel={t('actions.backToTeam')}
          path="/my-clan"
        />
      ) : null}
    </>
  );
}

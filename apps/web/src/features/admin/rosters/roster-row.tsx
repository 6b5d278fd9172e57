import type { SegmentResource } from '@cwh/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../console/admin-ui';
import { type AdminRoster, rostersAdminApi } from './rosters-admin-api';

function RosterStatus({ roster }: { roster: AdminRoster }) {
  const { t } = useTranslation('adminrosters');
  const a = roster.attributes;
  return (
    <span className="rosters-admin__badges">
      {a.withdrawnAt ? (
        <span className="badge rosters-admin__badge--danger">{t('status.withdrawn')}</span>
      ) : (
        <span className={`badge ${a.locked ? 'rosters-admin__badge--ok' : ''}`}>
          {a.locked ? t('status.locked') : t('status.unlocked')}
        </span>
      )}
      {a.checkedIn ? <span className="badge rosters-admin__badge--ok">{t('status.checkedIn')}</span> : null}
      {a.hasPlayed ? <span className="badge">{t('status.played')}</span> : null}
      {a.hasSuspended ? (
        <span
          className="badge rosters-admin__badge--danger"
          title={t('roster.suspendedHint')}
          data-testid="roster-suspended"
        >
          {t('status.suspended')}
        </span>
      ) : null}
    </span>
  );
}

export type Team = NonNullable<AdminRoster['attributes']['team']>;

/** Sets the team the roster is the entry of: one of its owner's teams (GET /teams?filter[owner]), or none. */
function TeamPicker({ roster, onChanged }: { roster: AdminRoster; onChanged: (next: AdminRoster) => void }) {
  const { t } = useTranslation('adminrosters');
  const { run, busy, message } = useAction();
  const a = roster.attributes;
  const name = a.name ?? a.clanTag ?? roster.id;
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [choice, setChoice] = useState(a.team?.id ?? '');
  const owner = a.owner;
  if (!owner) return null;
  if (teams === null)
    return (
      <>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const owned = (await rostersAdminApi.teamsOf(owner.id)).map((x) => ({
                id: x.id,
                name: x.attributes.name,
              }));
              // The current team stays a choice even when another user owns it.
              setTeams(a.team && !owned.some((x) => x.id === a.team?.id) ? [a.team, ...owned] : owned);
            }, '')
          }
        >
          {t('action.chooseTeam')}
        </button>
        {message}
      </>
    );
  return (
    <span className="rosters-admin__move" data-testid="team-picker">
      <select
        className="input"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        aria-label={t('roster.teamOf', { name })}
      >
        <option value="">{t('roster.noTeam')}</option>
        {teams.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={busy || choice === (a.team?.id ?? '')}
        onClick={() =>
          run(async () => onChanged(await rostersAdminApi.setTeam(roster.id, choice || null)), t('done.team'))
        }
      >
        {t('action.saveTeam')}
      </button>
      {teams.length === 0 ? <span className="muted">{t('roster.ownerHasNoTeam')}</span> : null}
      {message}
    </span>
  );
}

/** Owner, team link and segment of a roster. */
function RosterOwnerLine({ roster, onTeam }: { roster: AdminRoster; onTeam: (team: Team) => void }) {
  const { t } = useTranslation('adminrosters');
  const a = roster.attributes;
  return (
    <p className="muted">
      {t(a.owner?.suspended ? 'roster.ownerSuspended' : 'roster.owner', {
        owner: a.owner ? (a.owner.username ?? a.owner.email) : '—',
      })}{' '}
      ·{' '}
      {a.team ? (
        <>
          <button
            type="button"
            className="rosters-admin__team-link"
            title={t('roster.teamHint', { team: a.team.name })}
            onClick={() => a.team && onTeam(a.team)}
            data-testid="roster-team"
            data-team={a.team.id}
          >
            {t('roster.team', { team: a.team.name })}
          </button>{' '}
          ·{' '}
        </>
      ) : null}
      {t('roster.segment', { segment: a.segment.name })}
    </p>
  );
}

/** The roster's members (name, tag, position, town hall, registration), folded. */
function RosterMembers({ members }: { members: AdminRoster['attributes']['members'] }) {
  const { t } = useTranslation('adminrosters');
  return (
    <details>
      <summary>{t('roster.members', { total: members.length })}</summary>
      <div className="rosters-admin__members-wrap">
        <table className="rosters-admin__members">
          <thead>
            <tr>
              <th>{t('member.name')}</th>
              <th>{t('member.tag')}</th>
              <th>{t('member.position')}</th>
              <th>{t('member.thLevel')}</th>
              <th>{t('member.status')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.tag} data-suspended={m.suspended}>
                <td>
                  {m.name}
                  {m.suspended ? (
                    <>
                      {' '}
                      <span className="badge rosters-admin__badge--danger" data-testid="member-suspended">
                        {t('member.suspended')}
                      </span>
                    </>
                  ) : null}
                </td>
                <td>{m.tag}</td>
                <td>{t(`position.${m.position}`)}</td>
                <td>{m.thLevel}</td>
                <td data-testid="member-status">{t(`registration.${m.registrationStatus}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

type Act = (action: () => Promise<AdminRoster>, done: string) => Promise<boolean>;

/** Withdraw, after a confirmation naming the roster. */
function WithdrawAction({
  roster,
  name,
  busy,
  act,
}: {
  roster: AdminRoster;
  name: string;
  busy: boolean;
  act: Act;
}) {
  const { t } = useTranslation('adminrosters');
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  return confirmWithdraw ? (
    <span className="rosters-admin__confirm">
      <span>{t('roster.withdrawConfirm', { name })}</span>
      <button
        type="button"
        className="button button--danger"
        disabled={busy}
        onClick={() => act(() => rostersAdminApi.withdraw(roster.id), t('done.withdrawn'))}
      >
        {t('action.withdrawConfirm')}
      </button>
      <button type="button" className="button button--ghost" onClick={() => setConfirmWithdraw(false)}>
        {t('action.cancel')}
      </button>
    </span>
  ) : (
    <button type="button" className="button button--ghost" onClick={() => setConfirmWithdraw(true)}>
      {t('action.withdraw')}
    </button>
  );
}

/** Move to another top-level segment of the event. */
function MoveAction({
  roster,
  name,
  targets,
  busy,
  act,
}: {
  roster: AdminRoster;
  name: string;
  targets: SegmentResource[];
  busy: boolean;
  act: Act;
}) {
  const { t } = useTranslation('adminrosters');
  const [target, setTarget] = useState('');
  return (
    <span className="rosters-admin__move">
      <select
        className="input"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        aria-label={t('roster.moveTo', { name })}
      >
        <option value="">{t('roster.chooseSegment')}</option>
        {targets.map((s) => (
          <option key={s.id} value={s.id}>
            {s.attributes.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={busy || !target}
        onClick={() => act(() => rostersAdminApi.move(roster.id, target), t('done.moved'))}
      >
        {t('action.move')}
      </button>
    </span>
  );
}

/** Lock or unlock, withdraw, move and the team picker of a roster not withdrawn. */
function RosterActions({
  roster,
  name,
  targets,
  busy,
  act,
  onChanged,
}: {
  roster: AdminRoster;
  name: string;
  targets: SegmentResource[];
  busy: boolean;
  act: Act;
  onChanged: (next: AdminRoster) => void;
}) {
  const { t } = useTranslation('adminrosters');
  const a = roster.attributes;
  return (
    <div className="rosters-admin__actions">
      {a.locked ? (
        <button
          type="button"
          className="button"
          disabled={busy || a.hasPlayed}
          title={a.hasPlayed ? t('roster.playedHint') : undefined}
          onClick={() => act(() => rostersAdminApi.unlock(roster.id), t('done.unlocked'))}
        >
          {t('action.unlock')}
        </button>
      ) : (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => act(() => rostersAdminApi.lock(roster.id), t('done.locked'))}
        >
          {t('action.lock')}
        </button>
      )}
      <WithdrawAction roster={roster} name={name} busy={busy} act={act} />
      {targets.length > 0 && !a.hasPlayed ? (
        <MoveAction roster={roster} name={name} targets={targets} busy={busy} act={act} />
      ) : null}
      <TeamPicker roster={roster} onChanged={onChanged} />
    </div>
  );
}

export function RosterRow({
  roster,
  moveTargets,
  onChanged,
  onTeam,
}: {
  roster: AdminRoster;
  moveTargets: SegmentResource[];
  onChanged: (next: AdminRoster) => void;
  /** Lists every roster of the team (the team link). */
  onTeam: (team: Team) => void;
}) {
  const { run, busy, message } = useAction();
  const a = roster.attributes;
  const name = a.name ?? a.clanTag ?? roster.id;
  const act: Act = (action, done) => run(async () => onChanged(await action()), done);
  const targets = moveTargets.filter((s) => s.id !== a.segment.id);
  return (
    <li className="admin-card rosters-admin__roster" data-testid="admin-roster" data-roster={name}>
      <div className="rosters-admin__head">
        <strong>{name}</strong>
        {a.clanTag ? <span className="muted">{a.clanTag}</span> : null}
        <RosterStatus roster={roster} />
      </div>
      <RosterOwnerLine roster={roster} onTeam={onTeam} />
      <RosterMembers members={a.members} />
      {a.withdrawnAt ? null : (
        <RosterActions
          roster={roster}
          name={name}
          targets={targets}
          busy={busy}
          act={act}
          onChanged={onChanged}
        />
      )}
      {message}
    </li>
  );
}

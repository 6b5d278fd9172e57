import type { EventResource, SegmentResource } from '@cwh/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';
import { type AdminRoster, rostersAdminApi } from './rosters-admin-api';
import './rosters-admin.css';

/** Events and their segments for the console's pickers (loaded once). */
export function useEventsAndSegments() {
  const [events, setEvents] = useState<EventResource[]>([]);
  const [segments, setSegments] = useState<Record<string, SegmentResource[]>>({});
  const { run, message } = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    void run(async () => {
      const list = (await adminApi.events()).data;
      setEvents(list);
      const pairs = await Promise.all(
        list.map(async (e) => [e.id, (await adminApi.segments(e.id)).data] as const),
      );
      setSegments(Object.fromEntries(pairs));
    }, '');
  }, []);
  return { events, segments, message };
}

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

type Team = NonNullable<AdminRoster['attributes']['team']>;

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

function RosterRow({
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
  const { t } = useTranslation('adminrosters');
  const { run, busy, message } = useAction();
  const [target, setTarget] = useState('');
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const a = roster.attributes;
  const name = a.name ?? a.clanTag ?? roster.id;
  const act = (action: () => Promise<AdminRoster>, done: string) =>
    run(async () => onChanged(await action()), done);
  const targets = moveTargets.filter((s) => s.id !== a.segment.id);
  return (
    <li className="admin-card rosters-admin__roster" data-testid="admin-roster" data-roster={name}>
      <div className="rosters-admin__head">
        <strong>{name}</strong>
        {a.clanTag ? <span className="muted">{a.clanTag}</span> : null}
        <RosterStatus roster={roster} />
      </div>
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
      <details>
        <summary>{t('roster.members', { total: a.members.length })}</summary>
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
              {a.members.map((m) => (
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
      {a.withdrawnAt ? null : (
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
          {confirmWithdraw ? (
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
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirmWithdraw(false)}
              >
                {t('action.cancel')}
              </button>
            </span>
          ) : (
            <button type="button" className="button button--ghost" onClick={() => setConfirmWithdraw(true)}>
              {t('action.withdraw')}
            </button>
          )}
          {targets.length > 0 && !a.hasPlayed ? (
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
          ) : null}
          <TeamPicker roster={roster} onChanged={onChanged} />
        </div>
      )}
      {message}
    </li>
  );
}

/** /admin/rosters: search an event's rosters, see their members, lock, unlock, withdraw or move them. */
export function RostersPage() {
  const { t } = useTranslation('adminrosters');
  const { events, segments, message: loadMessage } = useEventsAndSegments();
  const [eventId, setEventId] = useState('');
  const [segmentId, setSegmentId] = useState('');
  const [search, setSearch] = useState('');
  const [team, setTeam] = useState<Team | null>(null);
  const [rosters, setRosters] = useState<AdminRoster[] | null>(null);
  const [total, setTotal] = useState(0);
  const { run, busy, message } = useAction();
  const chosenEvent = eventId || events[0]?.id || '';
  const topLevel = (segments[chosenEvent] ?? []).filter((s) => s.attributes.level === 0);

  async function load(filter: { team: Team | null; segmentId: string; search: string }) {
    if (!chosenEvent) return;
    await run(async () => {
      const list = await rostersAdminApi.search({
        eventId: chosenEvent,
        segmentId: filter.segmentId,
        search: filter.search,
        ...(filter.team ? { teamId: filter.team.id } : {}),
      });
      setRosters(list.data);
      setTotal(list.meta?.page.total ?? list.data.length);
    }, '');
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    await load({ team, segmentId, search });
  }
  /**
   * The team link: every roster of that team in the event, whatever the segment or the search text
   * that found this one (both cleared); null: all teams again.
   */
  async function showTeam(next: Team | null) {
    setTeam(next);
    if (next) {
      setSegmentId('');
      setSearch('');
      await load({ team: next, segmentId: '', search: '' });
    } else {
      await load({ team: null, segmentId, search });
    }
  }

  return (
    <section data-testid="admin-rosters">
      <h2 className="section-title">{t('rosters.title')}</h2>
      <p className="muted">{t('rosters.lead')}</p>
      {loadMessage}
      <form className="admin-card admin-form" onSubmit={submit}>
        <Field label={t('filter.event')}>
          <select
            className="input"
            value={chosenEvent}
            onChange={(e) => {
              setEventId(e.target.value);
              setSegmentId('');
            }}
          >
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.attributes.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.segment')}>
          <select className="input" value={segmentId} onChange={(e) => setSegmentId(e.target.value)}>
            <option value="">{t('filter.allSegments')}</option>
            {topLevel.map((s) => (
              <option key={s.id} value={s.id}>
                {s.attributes.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.search')}>
          <input
            className="input"
            type="search"
            value={search}
            placeholder={t('filter.searchHint')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Field>
        <button className="button button--primary" type="submit" disabled={busy || !chosenEvent}>
          {t('filter.submit')}
        </button>
        {team ? (
          <span className="rosters-admin__team-filter" data-testid="team-filter">
            <span className="badge">{t('filter.team', { team: team.name })}</span>
            <button type="button" className="button button--ghost" onClick={() => void showTeam(null)}>
              {t('filter.allTeams')}
            </button>
          </span>
        ) : null}
      </form>
      {message}
      {rosters === null ? null : rosters.length === 0 ? (
        <p className="muted">{t('rosters.none')}</p>
      ) : (
        <>
          <p className="muted" data-testid="admin-rosters-total">
            {t('rosters.found', { total })}
          </p>
          <ul className="rosters-admin__list">
            {rosters.map((r) => (
              <RosterRow
                key={r.id}
                roster={r}
                moveTargets={topLevel}
                onChanged={(next) =>
                  setRosters((list) => list?.map((x) => (x.id === next.id ? next : x)) ?? null)
                }
                onTeam={(next) => void showTeam(next)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

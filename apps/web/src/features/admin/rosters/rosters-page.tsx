import type { EventResource, SegmentResource } from '@cwh/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { Field, useAction } from '../console/admin-ui';
import { RosterRow, type Team } from './roster-row';
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

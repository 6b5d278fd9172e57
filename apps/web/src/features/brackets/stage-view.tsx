import type { SegmentResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { MatchRow } from '../matches/match-row';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { TeamLink } from '../matches/team-link';
import { teamName } from '../matches/team-name';
import type { BracketInfo, SwissRecord } from './brackets-api';
import { DoubleEliminationBracket } from './double-elimination-bracket';
import { type StageData, type StageViewName, seedsOf, stageViews } from './stage-data';
import { SwissRoundPools } from './swiss-rounds';
import { SwissStandingsTable } from './swiss-standings-table';
import './brackets.css';
import { useStageName } from '../events/stage-name';

export { useStageName };

/** Matches listed per state on the stage's Matches view. */
export const STAGE_MATCH_LIST_SIZE = 30;

/** The stages of the competing segment's stage, as links (`?stage=`); the current one is marked. */
export function StagePicker({ stages, current }: { stages: SegmentResource[]; current: string }) {
  const { t } = useTranslation('brackets');
  const name = useStageName();
  if (stages.length < 2) return null;
  return (
    <nav className="stage-picker" aria-label={t('picker.label')} data-testid="stage-picker">
      <ul className="stage-picker__list">
        {stages.map((segment) => {
          const active = segment.id === current;
          return (
            <li key={segment.id}>
              <Link
                to={`?stage=${encodeURIComponent(segment.id)}`}
                replace
                preventScrollReset
                className={active ? 'stage-picker__link stage-picker__link--active' : 'stage-picker__link'}
                aria-current={active ? 'page' : undefined}
                data-testid="stage-picker-link"
              >
                <span className="stage-picker__name">{name(segment)}</span>
                <span className="stage-picker__format">
                  {t(`format.${segment.attributes.eliminationType}`)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type ParticipantStatus = 'qualified' | 'eliminated' | 'active' | 'champion';

interface Participant {
  rosterId: string;
  name: string;
  seed: number;
  status: ParticipantStatus;
  detail: string | null;
  /** A golden or silver ticket the stage's advance gave the team (spec 1: ticket winners). */
  ticket: 'golden' | 'silver' | null;
}

/** The stage's teams by seed with their status: swiss from the standings, a bracket from its results. */
export function stageParticipants(
  info: BracketInfo,
  series: readonly MatchSeriesValue[],
  records: readonly SwissRecord[],
  tbd: string,
): Participant[] {
  const names = new Map<string, string>();
  const losses = new Map<string, number>();
  for (const s of series)
    for (const c of s.competitors) {
      if (!c.roster) continue;
      names.set(c.roster.id, teamName(c.displayName, tbd));
      if (c.placement === 2) losses.set(c.roster.id, (losses.get(c.roster.id) ?? 0) + 1);
    }
  const byRoster = new Map(records.map((r) => [r.roster.id, r]));
  for (const r of records) names.set(r.roster.id, teamName(r.roster.displayName, tbd));
  const placements = new Map((info.doubleElimination?.placements ?? []).map((p) => [p.rosterId, p.label]));
  // Once the stage is advanced, its decision (stage_outcomes) says who qualified.
  const advanced = new Map((info.outcomes ?? []).map((o) => [o.rosterId, o.outcome]));
  const tickets = new Map((info.outcomes ?? []).map((o) => [o.rosterId, o.ticket ?? null]));
  return [...info.teams]
    .sort((a, b) => a.seed - b.seed)
    .map((team) => {
      const base = {
        rosterId: team.rosterId,
        name: names.get(team.rosterId) ?? tbd,
        seed: team.seed,
        ticket: tickets.get(team.rosterId) ?? null,
      };
      const outcome = advanced.get(team.rosterId);
      if (info.format === 'swiss') {
        const record = byRoster.get(team.rosterId);
        return {
          ...base,
          status: outcome ?? record?.status ?? 'active',
          detail: record ? record.record : null,
        };
      }
      const place = placements.get(team.rosterId) ?? null;
      if (info.doubleElimination?.championRosterId === team.rosterId)
        return { ...base, status: 'champion', detail: place };
      if (outcome) return { ...base, status: outcome, detail: place };
      const out = place != null || (losses.get(team.rosterId) ?? 0) >= 2;
      return { ...base, status: out ? 'eliminated' : 'active', detail: place };
    });
}

const STATUS_BADGE: Record<ParticipantStatus, string> = {
  champion: 'badge--open',
  qualified: 'badge--open',
  eliminated: 'badge--muted',
  active: 'badge--upcoming',
};

function StageParticipants({ data, info }: { data: StageData; info: BracketInfo }) {
  const { t } = useTranslation('brackets');
  const list = stageParticipants(info, data.series, data.records, t('common:tbd'));
  if (list.length === 0) return <p className="muted">{t('participants.empty')}</p>;
  return (
    <ol className="stage-participants" data-testid="stage-participants">
      {list.map((p) => (
        <li key={p.rosterId} className="stage-participant" data-status={p.status}>
          <span className="stage-participant__seed">{t('participants.seed', { seed: p.seed })}</span>
          <TeamLink rosterId={p.rosterId} className="stage-participant__name">
            {p.name}
          </TeamLink>
          {p.detail ? (
            <span className="muted stage-participant__detail">
              {info.format === 'swiss' ? p.detail : t('participants.place', { place: p.detail })}
            </span>
          ) : null}
          <span className={`badge ${STATUS_BADGE[p.status]}`}>{t(`status.${p.status}`)}</span>
          {p.ticket ? (
            <span className="badge badge--open" data-testid={`ticket-${p.ticket}`}>
              {t(`participants.ticket.${p.ticket}`)}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Upcoming (soonest first) and completed (latest first) series of the stage, byes left out. */
export function stageMatchLists(series: readonly MatchSeriesValue[]) {
  const played = series.filter((s) => !s.bye);
  const ready = (s: MatchSeriesValue) => s.competitors.some((c) => c.roster);
  const upcoming = played
    .filter((s) => s.state !== 'finished' && ready(s))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, STAGE_MATCH_LIST_SIZE);
  const completed = played
    .filter((s) => s.state === 'finished' && s.competitors.some((c) => c.placement != null))
    .sort((a, b) => (b.finishedAt ?? b.date).localeCompare(a.finishedAt ?? a.date))
    .slice(0, STAGE_MATCH_LIST_SIZE);
  return { upcoming, completed };
}

function StageMatches({ series }: { series: readonly MatchSeriesValue[] }) {
  const { t } = useTranslation('matches');
  const lists = stageMatchLists(series);
  return (
    <>
      {(['upcoming', 'completed'] as const).map((which) => (
        <section key={which} className="home__section" data-testid={`stage-${which}-matches`}>
          <h2 className="section-title">{t(which)}</h2>
          {lists[which].length === 0 ? (
            <p className="muted">{t(which === 'upcoming' ? 'noUpcoming' : 'noCompleted')}</p>
          ) : (
            <ul className="match-list">
              {lists[which].map((s) => (
                <MatchRow key={s.id} series={s} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function RoundSelect({ data }: { data: StageData }) {
  const { t } = useTranslation('brackets');
  const [, setSearch] = useSearchParams();
  if (data.rounds.length < 2 || data.round == null) return null;
  return (
    <label className="field stage-round-select">
      <span className="field__label">{t('swiss.round')}</span>
      <select
        className="input"
        value={data.round}
        data-testid="swiss-round-select"
        onChange={(event) =>
          setSearch(
            (current) => {
              current.set('round', event.target.value);
              return current;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        {data.rounds.map((round) => (
          <option key={round} value={round}>
            {t('rounds.round', { round })}
          </option>
        ))}
      </select>
    </label>
  );
}

function ViewContent({ data, info }: { data: StageData; info: BracketInfo }) {
  const { t } = useTranslation('brackets');
  const seeds = seedsOf(info);
  switch (data.view) {
    case 'bracket':
      return <DoubleEliminationBracket series={data.series} seeds={seeds} />;
    case 'rounds':
      return (
        <>
          <RoundSelect data={data} />
          {data.round == null ? (
            <p className="muted">{t('swiss.noRounds')}</p>
          ) : (
            <>
              <h2 className="section-title">{t('rounds.round', { round: data.round })}</h2>
              <SwissRoundPools series={data.series} round={data.round} seeds={seeds} />
            </>
          )}
        </>
      );
    case 'standings':
      return (
        <>
          <RoundSelect data={data} />
          <SwissStandingsTable
            records={data.records}
            tiebreaks={info.swiss?.tiebreaks}
            caption={standingsCaption(t, data.records)}
          />
        </>
      );
    case 'participants':
      return <StageParticipants data={data} info={info} />;
    default:
      return <StageMatches series={data.series} />;
  }
}

/** "Standings after round N" or, before the first round, "Standings before round 1". */
export function standingsCaption(
  t: (key: string, options?: Record<string, unknown>) => string,
  records: readonly SwissRecord[],
): string {
  const round = records[0]?.roundNumber ?? 0;
  return round > 0 ? t('swiss.standingsAfter', { round }) : t('swiss.standingsBefore');
}

/** A swiss or double-elimination stage on the competition page: its views as tabs. */
export function StageView({ data }: { data: StageData }) {
  const { t } = useTranslation('brackets');
  const [, setSearch] = useSearchParams();
  const localize = useLocalizedPath();
  if (data.info.status === 'missing')
    return (
      <div className="card state-card" data-testid="stage-not-started">
        <p>{t('notStarted')}</p>
      </div>
    );
  if (data.info.status === 'error')
    return (
      <div className="card state-card state-card--error" role="alert" data-testid="stage-error">
        <p>{t('loadError')}</p>
      </div>
    );
  const info = data.info.value;
  const open = (view: StageViewName) =>
    setSearch(
      (current) => {
        current.set('view', view);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className="stage-view" data-testid="stage-view" data-format={info.format}>
      <div className="tabs__list competition-tabs" role="tablist" aria-label={t('views.label')}>
        {stageViews(info.format).map((view) => (
          <button
            key={view}
            type="button"
            role="tab"
            aria-selected={data.view === view}
            className={data.view === view ? 'tabs__link tabs__link--active' : 'tabs__link'}
            data-testid={`stage-view-${view}`}
            onClick={() => open(view)}
          >
            {t(`views.${view}`)}
          </button>
        ))}
      </div>
      <div className="stage-view__body" role="tabpanel" aria-label={t(`views.${data.view}`)}>
        <ViewContent data={data} info={info} />
      </div>
      <p className="stage-view__broadcast">
        <Link to={localize(`/broadcast/${encodeURIComponent(data.segmentId)}`)} data-testid="broadcast-link">
          {t('broadcast.open')}
        </Link>
      </p>
    </div>
  );
}

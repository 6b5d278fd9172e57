import type { EventResource, SegmentResource } from '@cwh/contract';
import { WORLD_FINALS, WRAPPER_EVENT } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import type { Loadable } from '../../lib/loadable';
import { DoubleEliminationBracket } from '../brackets/double-elimination-bracket';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { Prizes } from '../matches/prizes';
import { PageShell } from '../shell/page-shell';
import {
  type BracketInfo,
  championOf,
  FINALS_DAYS,
  type FinalsDay,
  type FinalsMatch,
  finalistsOf,
  matchesOfDay,
} from './finals-model';
import { FinalsStatus, finalsSchedule } from './finals-status';
import { AttackOrderTable, ChampionBanner, FinalistList, FinalsMatchRow, useRoundLabel } from './finals-ui';

/** The World Championship Finals as the pages show them. */
export interface WorldFinalsView {
  event: EventResource;
  segment: SegmentResource;
  /** Null until the stage is seeded. */
  info: BracketInfo | null;
  series: MatchSeriesValue[];
  /** Every series with its number and day; null when the stage is not the 8-team bracket. */
  matches: FinalsMatch[] | null;
}

export interface WorldFinalsData {
  /** Null: the overview (`/world-finals`). */
  day: FinalsDay | null;
  /** `ready` with null: no event has World Championship Finals. */
  finals: Loadable<WorldFinalsView | null>;
}

function DayNav({ day }: { day: FinalsDay | null }) {
  const { t } = useTranslation('finals');
  const localize = useLocalizedPath();
  const links: [string, string, boolean][] = [
    [localize('/world-finals'), t('nav.overview'), day === null],
    ...FINALS_DAYS.map((d): [string, string, boolean] => [
      localize(`/world-finals/day-${d}`),
      t('dayTitle', { day: d }),
      day === d,
    ]),
  ];
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="finals-nav">
        {links.map(([to, label, current]) => (
          <li key={to}>
            <Link to={to} aria-current={current ? 'page' : undefined} data-testid="finals-nav-link">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** When a day starts: its first match, else the wrapper event's day start (spec 3). */
function dayStart(view: WorldFinalsView, day: number): string {
  const first = view.matches ? matchesOfDay(view.matches, day)[0] : undefined;
  return first?.series.date ?? WRAPPER_EVENT.dayStarts[day - 1] ?? view.event.attributes.date.from;
}

function DaySchedule({ view, day }: { view: WorldFinalsView; day: FinalsDay }) {
  const { t } = useTranslation('finals');
  const locale = useLocale();
  const roundLabel = useRoundLabel();
  const range = WORLD_FINALS.matchesByDay[day - 1]!;
  const matches = view.matches ? matchesOfDay(view.matches, day) : [];
  return (
    <section className="home__section" data-testid="finals-schedule">
      <h2 className="section-title">{t('schedule.title')}</h2>
      <p className="page__lead" data-testid="finals-schedule-text">
        {t('schedule.text', {
          first: range.first,
          last: range.last,
          date: formatDateTime(dayStart(view, day), locale),
        })}
      </p>
      {!view.info ? (
        <p className="muted" data-testid="finals-not-drawn">
          {t('schedule.notDrawn')}
        </p>
      ) : matches.length === 0 ? (
        <p className="muted">{t('schedule.none')}</p>
      ) : (
        <ol className="finals-schedule">
          {matches.map((match) => (
            <FinalsMatchRow
              key={match.series.id}
              series={match.series}
              label={t('matchLabel', { number: match.number, round: roundLabel(match) })}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function DayCards({ view }: { view: WorldFinalsView }) {
  const { t } = useTranslation('finals');
  const locale = useLocale();
  const localize = useLocalizedPath();
  return (
    <ul className="finals-days">
      {WORLD_FINALS.matchesByDay.map((range) => (
        <li key={range.day}>
          <Link
            className="finals-day-card"
            to={localize(`/world-finals/day-${range.day}`)}
            data-testid="finals-day-card"
          >
            <strong>{t('dayTitle', { day: range.day })}</strong>
            <span>{formatDateTime(dayStart(view, range.day), locale)}</span>
            <span className="muted">{t('dayMatches', { first: range.first, last: range.last })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The whole bracket (the brackets feature draws it), once the stage is seeded. */
function Bracket({ view }: { view: WorldFinalsView }) {
  const { t } = useTranslation('finals');
  if (!view.info || view.series.length === 0) return null;
  const seeds = new Map(view.info.teams.map((team) => [team.rosterId, team.seed]));
  return (
    <section className="home__section finals-bracket" data-testid="finals-bracket">
      <h2 className="section-title">{t('bracket')}</h2>
      <DoubleEliminationBracket series={view.series} seeds={seeds} headingLevel={3} />
    </section>
  );
}

function Finals({ view, day }: { view: WorldFinalsView; day: FinalsDay | null }) {
  const { t } = useTranslation('finals');
  const finalists = view.info ? finalistsOf(view.info, view.series) : [];
  const champion = championOf(view.info, finalists);
  return (
    <>
      <ChampionBanner champion={champion} eventName={view.event.attributes.name} />
      {champion ? null : (
        <FinalsStatus
          schedule={finalsSchedule(
            view.event.attributes.date,
            FINALS_DAYS.map((d) => dayStart(view, d)),
            view.matches ? matchesOfDay(view.matches, 1) : [],
          )}
        />
      )}
      {day === null ? (
        <>
          <p className="page__lead" data-testid="finals-summary">
            {t('summary', {
              teams: WORLD_FINALS.teams,
              matches: WORLD_FINALS.matches,
              days: WORLD_FINALS.matchesByDay.length,
            })}
          </p>
          <DayCards view={view} />
          <Bracket view={view} />
        </>
      ) : (
        <DaySchedule view={view} day={day} />
      )}
      {day === 2 ? <AttackOrderTable /> : null}
      <section className="home__section">
        <h2 className="section-title">{t('finalists.title')}</h2>
        <FinalistList finalists={finalists} championId={champion?.rosterId ?? null} />
      </section>
      {day === null ? (
        <section className="home__section">
          <h2 className="section-title">{t('prizes.title')}</h2>
          <Prizes prizes={view.event.attributes.prizes} />
        </section>
      ) : null}
    </>
  );
}

/** /world-finals and /world-finals/day-1|2|3 (spec 2 "World Championship Finals Day 1, 2 and 3"). */
export function WorldFinalsPage() {
  const { t } = useTranslation('finals');
  const { day, finals } = useLoaderData() as WorldFinalsData;
  const title = day === null ? t('title') : t('dayPageTitle', { day });
  return (
    <PageShell
      name={day === null ? 'world-finals' : `world-finals-day-${day}`}
      title={title}
      eyebrow={t('eyebrow')}
    >
      <DayNav day={day} />
      {finals.status === 'ready' && finals.value ? (
        <Finals view={finals.value} day={day} />
      ) : finals.status === 'ready' || finals.status === 'missing' ? (
        <div className="card state-card" data-testid="finals-missing">
          <p>{t('missing')}</p>
        </div>
      ) : (
        <div className="card state-card state-card--error" role="alert" data-testid="finals-error">
          <p>{t('error')}</p>
        </div>
      )}
    </PageShell>
  );
}

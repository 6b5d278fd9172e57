import type { EventResource, SegmentResource } from '@cwh/contract';
import { CHAMPIONSHIP_TH_LEVEL } from '@cwh/domain';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Await, Link, useLoaderData, useRevalidator } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { formatDate } from '../../lib/dates';
import type { Loadable } from '../../lib/loadable';
import { PageShell } from '../shell/page-shell';
import { EventHero } from './event-hero';
import { FinalsLinks } from './finals-links';
import { SegmentList } from './segment-list';
import { useEventName } from './stage-name';

export interface HomeEvents {
  events: EventResource[];
  /** Town hall levels of the home tabs, highest first, and the tab shown (home-tab.ts). */
  tabs: number[];
  tab: number | null;
  /** The active event of the tab (or the `?event=` one). */
  active: EventResource | null;
  /** The active event's stages. */
  segments: SegmentResource[];
}

/** What the home route loads: the events, the active one and its stages (settles, never rejects). */
export interface HomeData {
  home: Promise<Loadable<HomeEvents>>;
}

function EventPicker({ events, activeId }: { events: EventResource[]; activeId: string }) {
  const { t } = useTranslation('home');
  const eventName = useEventName();
  const locale = useLocale();
  if (events.length < 2) return null;
  return (
    <section className="home__section">
      <h2 className="section-title">{t('allEvents')}</h2>
      <ul className="event-picker">
        {events.map((event) => (
          <li key={event.id}>
            <Link
              to={`?event=${encodeURIComponent(event.id)}`}
              className={event.id === activeId ? 'event-chip event-chip--active' : 'event-chip'}
              aria-current={event.id === activeId ? 'true' : undefined}
              data-testid="event-chip"
            >
              <span className="event-chip__name">{eventName(event)}</span>
              <span className="event-chip__date">{formatDate(event.attributes.date.from, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One tab per town hall level (spec 2 home tab): the championship, then each cup level. */
function HomeTabs({ tabs, tab }: { tabs: number[]; tab: number | null }) {
  const { t } = useTranslation(['home', 'finals']);
  if (tabs.length < 2) return null;
  return (
    <nav className="home__section" aria-label={t('home:tabs')}>
      <ul className="event-picker" data-testid="home-tabs">
        {tabs.map((level) => (
          <li key={level}>
            <Link
              to={`?th=${level}`}
              className={level === tab ? 'event-chip event-chip--active' : 'event-chip'}
              aria-current={level === tab ? 'page' : undefined}
              data-testid="home-tab"
              data-level={level}
            >
              <span className="event-chip__name">
                {level === CHAMPIONSHIP_TH_LEVEL
                  ? t('home:competition.championship', { level })
                  : t('finals:cup.title', { level })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function HomeLoading() {
  const { t } = useTranslation('home');
  return (
    <div className="card state-card" role="status" data-testid="home-loading">
      <span className="page-loader__spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}

function HomeError() {
  const { t } = useTranslation(['home', 'common']);
  const { revalidate, state } = useRevalidator();
  return (
    <div className="card state-card state-card--error" role="alert" data-testid="home-error">
      <h2>{t('home:error.title')}</h2>
      <p>{t('home:error.message')}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={state === 'loading'}
        onClick={() => void revalidate()}
      >
        {t('common:retry')}
      </button>
    </div>
  );
}

function Home({ home }: { home: HomeEvents }) {
  const { t } = useTranslation('home');
  const now = useMemo(() => new Date(), []);
  if (home.active === null)
    return (
      <div className="card state-card" data-testid="home-empty">
        <h2>{t('empty.title')}</h2>
        <p>{t('empty.message')}</p>
      </div>
    );
  return (
    <>
      <HomeTabs tabs={home.tabs} tab={home.tab} />
      <EventHero event={home.active} />
      <FinalsLinks event={home.active} />
      <section className="home__section">
        <h2 className="section-title">{t('segments.title')}</h2>
        <SegmentList segments={home.segments} now={now} />
      </section>
      <EventPicker events={home.events} activeId={home.active.id} />
    </>
  );
}

/** `notice`: the block of the session's period flags (the route passes the session's own, spec 3). */
export function HomePage({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation(['home', 'common']);
  const { home } = useLoaderData() as HomeData;
  return (
    <PageShell name="home" title={t('home:title')} eyebrow={t('common:tagline')}>
      <p className="page__lead">{t('home:intro')}</p>
      {notice}
      <Suspense fallback={<HomeLoading />}>
        <Await resolve={home}>
          {(loaded: Loadable<HomeEvents>) =>
            loaded.status === 'ready' ? <Home home={loaded.value} /> : <HomeError />
          }
        </Await>
      </Suspense>
    </PageShell>
  );
}

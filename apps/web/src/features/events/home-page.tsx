import type { EventResource, SegmentResource } from '@cwh/contract';
import { Suspense, use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { formatDate } from '../../lib/dates';
import { keyOf, type Loadable } from '../../lib/loadable';
import { PageShell } from '../shell/page-shell';
import { EventHero } from './event-hero';
import { SegmentList } from './segment-list';

export interface HomeEvents {
  events: EventResource[];
  active: EventResource | null;
}

/** What the home route loads: the events with the active one, then the active one's stages. */
export interface HomeData {
  events: Promise<Loadable<HomeEvents>>;
  segments: Promise<Loadable<SegmentResource[]>>;
}

function EventPicker({ events, activeId }: { events: EventResource[]; activeId: string }) {
  const { t } = useTranslation('home');
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
              <span className="event-chip__name">{event.attributes.name}</span>
              <span className="event-chip__date">{formatDate(event.attributes.date.from, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
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
  const { revalidate } = useRevalidator();
  return (
    <div className="card state-card state-card--error" role="alert" data-testid="home-error">
      <h2>{t('home:error.title')}</h2>
      <p>{t('home:error.message')}</p>
      <button type="button" className="button button--primary" onClick={() => void revalidate()}>
        {t('common:retry')}
      </button>
    </div>
  );
}

/** The active event's page: hero, stages (a skeleton while they load) and the other events. */
function ActiveEvent({
  home,
  segments,
}: {
  home: HomeEvents & { active: EventResource };
  segments?: SegmentResource[];
}) {
  const { t } = useTranslation('home');
  const now = useMemo(() => new Date(), []);
  return (
    <>
      <EventHero event={home.active} />
      <section className="home__section" aria-busy={segments === undefined}>
        <h2 className="section-title">{t('segments.title')}</h2>
        {segments === undefined ? (
          <div className="skeleton-list" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        ) : (
          <SegmentList segments={segments} now={now} />
        )}
      </section>
      <EventPicker events={home.events} activeId={home.active.id} />
    </>
  );
}

function WithSegments({
  home,
  segments,
}: {
  home: HomeEvents & { active: EventResource };
  segments: HomeData['segments'];
}) {
  const loaded = use(segments);
  // As before the loaders: stages that fail to load make the whole page an error, with a retry.
  if (loaded.status !== 'ready') return <HomeError />;
  return <ActiveEvent home={home} segments={loaded.value} />;
}

function Events({ data }: { data: HomeData }) {
  const { t } = useTranslation('home');
  const loaded = use(data.events);
  if (loaded.status !== 'ready') return <HomeError />;
  const { active } = loaded.value;
  if (active === null)
    return (
      <div className="card state-card" data-testid="home-empty">
        <h2>{t('empty.title')}</h2>
        <p>{t('empty.message')}</p>
      </div>
    );
  const home = { ...loaded.value, active };
  return (
    <Suspense fallback={<ActiveEvent home={home} />}>
      <WithSegments home={home} segments={data.segments} />
    </Suspense>
  );
}

export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const data = useLoaderData() as HomeData;
  return (
    <PageShell name="home" title={t('home:title')} eyebrow={t('common:tagline')}>
      <p className="page__lead">{t('home:intro')}</p>
      {/* A retry shows the loading card again, as the first load does. */}
      <Suspense key={keyOf(data.events)} fallback={<HomeLoading />}>
        <Events data={data} />
      </Suspense>
    </PageShell>
  );
}

import type { EventResource } from '@cwh/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { formatDate } from '../../lib/dates';
import { PageShell } from '../shell/page-shell';
import { EventHero } from './event-hero';
import { SegmentList } from './segment-list';
import { useHomeEvents } from './use-home-events';

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

export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const [search] = useSearchParams();
  const { state, retry } = useHomeEvents(search.get('event'));
  const now = useMemo(() => new Date(), []);

  return (
    <PageShell name="home" title={t('home:title')} eyebrow={t('common:tagline')}>
      <p className="page__lead">{t('home:intro')}</p>
      {state.status === 'loading' ? (
        <div className="card state-card" role="status" data-testid="home-loading">
          <span className="page-loader__spinner" aria-hidden="true" />
          <p>{t('home:loading')}</p>
        </div>
      ) : state.status === 'error' ? (
        <div className="card state-card state-card--error" role="alert" data-testid="home-error">
          <h2>{t('home:error.title')}</h2>
          <p>{t('home:error.message')}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {t('common:retry')}
          </button>
        </div>
      ) : state.active === null ? (
        <div className="card state-card" data-testid="home-empty">
          <h2>{t('home:empty.title')}</h2>
          <p>{t('home:empty.message')}</p>
        </div>
      ) : (
        <>
          <EventHero event={state.active} />
          <section className="home__section" aria-busy={state.segments === null}>
            <h2 className="section-title">{t('home:segments.title')}</h2>
            {state.segments === null ? (
              <div className="skeleton-list" aria-hidden="true">
                <span />
                <span />
                <span />
              </div>
            ) : (
              <SegmentList segments={state.segments} now={now} />
            )}
          </section>
          <EventPicker events={state.events} activeId={state.active.id} />
        </>
      )}
    </PageShell>
  );
}

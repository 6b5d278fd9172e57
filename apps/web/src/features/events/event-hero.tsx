import type { EventResource } from '@cwh/contract';
import { CHAMPIONSHIP_TH_LEVEL, CUP_TH_LEVELS } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { formatDuration } from '../../lib/durations';
import { useNow } from '../../lib/ticker';
import { useEventName } from './stage-name';
import { timingOf } from './timing';

export function competitionLabelKey(event: EventResource): { key: string; values: Record<string, string> } {
  const levels = event.attributes.thLevels;
  if (event.attributes.competition === 'championship') {
    return { key: 'competition.championship', values: { level: String(levels[0] ?? CHAMPIONSHIP_TH_LEVEL) } };
  }
  return {
    key: 'competition.townHallCup',
    values: { levels: (levels.length ? levels : CUP_TH_LEVELS).join('·') },
  };
}

export function EventHero({ event }: { event: EventResource }) {
  const now = useNow(1000);
  const { t } = useTranslation('home');
  const locale = useLocale();
  const { date, status } = event.attributes;
  const name = useEventName()(event);
  const timing = timingOf(date, now);
  const competition = competitionLabelKey(event);
  const countdown =
    timing === 'upcoming'
      ? t('timing.upcoming', { duration: formatDuration(Date.parse(date.from) - now.getTime()) })
      : timing === 'live'
        ? t('timing.live', { duration: formatDuration(Date.parse(date.to) - now.getTime()) })
        : t('timing.finished');

  return (
    <article
      className={`event-hero event-hero--${event.attributes.competition}`}
      data-testid="active-event"
      data-event-id={event.id}
    >
      <div className="event-hero__top">
        <span className="event-hero__featured">{t('featured')}</span>
        <span className={`badge badge--${status}`} data-testid="event-status">
          {t(`status.${status}`)}
        </span>
      </div>
      <h2 className="event-hero__name">{name}</h2>
      <p className="event-hero__competition" data-testid="event-competition">
        {t(competition.key, competition.values)}
      </p>
      <p className="event-hero__dates" data-testid="event-dates">
        <time dateTime={date.from}>{formatDateTime(date.from, locale)}</time>
        <span aria-hidden="true"> – </span>
        <time dateTime={date.to}>{formatDateTime(date.to, locale)}</time>
      </p>
      <p className={`event-hero__countdown event-hero__countdown--${timing}`}>{countdown}</p>
    </article>
  );
}

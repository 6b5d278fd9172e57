import { CALENDAR_FEED_PATHS, calendarFeedLinks } from '@cwh/contract/constants';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { config } from '../../lib/config';
import { ExternalLink } from '../session/external-link';
import './calendar-links.css';

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => null;

/**
 * "Add to calendar" (issue #34): the calendar feed of a team (`roster`) or an event, in the page's
 * language. `webcal://` hands it to the device's calendar app, which subscribes and keeps it up to
 * date; the plain https link is for web views and browsers where webcal opens nothing (download
 * the .ics, or paste the address into a calendar's "subscribe by URL"). The server render has no
 * origin: the webcal link appears once the page runs in a browser.
 */
export function CalendarLinks({ kind, id }: { kind: 'roster' | 'event'; id: string }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const origin = useSyncExternalStore(noSubscription, browserOrigin, noOrigin);
  const path = `${config.apiPrefix}${CALENDAR_FEED_PATHS[kind](id)}`;
  const links = origin ? calendarFeedLinks(origin, path, locale) : null;
  const https = links?.https ?? (locale === 'en' ? path : `${path}?lang=${locale}`);
  return (
    <div className="calendar-links" data-testid={`calendar-links-${kind}`}>
      {links ? (
        <a
          className="button button--ghost button--small"
          href={links.webcal}
          data-testid="calendar-subscribe"
        >
          {t('calendar.subscribe')}
        </a>
      ) : null}
      <ExternalLink className="calendar-links__file" href={https} testId="calendar-file">
        {t('calendar.link')}
      </ExternalLink>
      <p className="muted calendar-links__hint">
        {t(kind === 'roster' ? 'calendar.teamHint' : 'calendar.eventHint')}
      </p>
    </div>
  );
}

import type { EventResource } from '@cwh/contract';
import { CUP_TH_LEVELS } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';

/**
 * From an event on the home page to its finals pages: the Town Hall Cup page of each of its levels,
 * highest first, or the World Championship Finals of a championship. (`/town-hall-cup` itself
 * opens the clan's level: spec 2 "the home tab default depends on the town hall level".)
 */
export function FinalsLinks({ event }: { event: EventResource }) {
  const { t } = useTranslation('finals');
  const localize = useLocalizedPath();
  const cup = event.attributes.competition === 'townHallCup';
  const levels = [...CUP_TH_LEVELS]
    .filter((level) => event.attributes.thLevels.includes(level))
    .sort((a, b) => b - a);
  const links: [string, string][] = cup
    ? levels.map((level) => [`/town-hall-cup/${level}`, t('cup.title', { level })])
    : [['/world-finals', t('title')]];
  return (
    <section className="home__section" data-testid="finals-links">
      <h2 className="section-title">{cup ? t('cup.eyebrow') : t('title')}</h2>
      <ul className="event-picker">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={localize(to)} className="event-chip">
              <span className="event-chip__name">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

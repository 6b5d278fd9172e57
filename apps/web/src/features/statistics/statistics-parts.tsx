import type { PlacementValue, PlayerFiguresValue, WarSummary } from '@cwh/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { teamPagePath } from '../matches/team-link';
import { PageShell } from '../shell/page-shell';
import { figureRows, formatNumber, outcomeFor } from './figures-format';
import { tagInPath } from './statistics-api';

/** A player's five figures as a definition list. */
export function FigureList({ figures, testId }: { figures: PlayerFiguresValue; testId: string }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  return (
    <dl className="stats-figures" data-testid={testId}>
      {figureRows(figures, locale).map((row) => (
        <div key={row.key} className="stats-figures__item">
          <dt>{t(`figures.${row.key}`)}</dt>
          <dd data-testid={`${testId}-${row.key}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section with a heading the page's outline and screen readers find. */
export function StatsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card stats-section" aria-labelledby={id}>
      <h2 id={id} className="stats-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function PlayerLink({ tag, name }: { tag: string; name: string | null }) {
  const localize = useLocalizedPath();
  return (
    <Link to={localize(`/player/${tagInPath(tag)}`)} data-testid="stats-player-link">
      {name ?? tag}
    </Link>
  );
}

export function TeamLink({ rosterId, name }: { rosterId: string; name: string }) {
  const localize = useLocalizedPath();
  return (
    <Link to={localize(teamPagePath(rosterId))} data-testid="stats-team-link">
      {name}
    </Link>
  );
}

/** Finished wars, newest first: both sides, the score, and how it ended for `rosterId` if given. */
export function WarList({
  wars,
  rosterId,
  testId,
}: {
  wars: readonly WarSummary[];
  rosterId?: string;
  testId: string;
}) {
  const { t } = useTranslation('statistics');
  const localize = useLocalizedPath();
  const locale = useLocale();
  if (wars.length === 0) return <p className="muted">{t('empty.wars')}</p>;
  return (
    <ul className="stats-wars" data-testid={testId}>
      {wars.map((war) => (
        <li key={war.matchSeriesId} className="stats-wars__item">
          <span className="stats-wars__teams">
            <TeamLink rosterId={war.home.rosterId} name={war.home.displayName} />
            {' – '}
            <TeamLink rosterId={war.away.rosterId} name={war.away.displayName} />
          </span>
          <span className="stats-wars__score">
            {war.home.forfeit || war.away.forfeit
              ? t('war.forfeit')
              : war.home.destruction == null || war.away.destruction == null
                ? t('war.stars', { home: war.home.stars, away: war.away.stars })
                : t('war.score', {
                    home: war.home.stars,
                    away: war.away.stars,
                    homeDestruction: formatNumber(war.home.destruction, locale, 1),
                    awayDestruction: formatNumber(war.away.destruction, locale, 1),
                  })}
            {rosterId ? ` · ${t(`outcome.${outcomeFor(war, rosterId)}`)}` : ''}
          </span>
          <Link className="stats-wars__open" to={localize(`/match/${war.matchSeriesId}`)}>
            {t('war.open')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PlacementList({
  placements,
  testId,
}: {
  placements: readonly PlacementValue[];
  testId: string;
}) {
  const { t } = useTranslation('statistics');
  if (placements.length === 0) return <p className="muted">{t('empty.placements')}</p>;
  return (
    <ul className="stats-placements" data-testid={testId}>
      {placements.map((p) => (
        <li key={`${p.segment.id}-${p.roster.id}`}>
          <strong>{t('placement.rank', { rank: p.rank })}</strong>
          {' · '}
          {p.event.name} — {p.segment.name}
          {p.final ? '' : ` (${t('placement.running')})`}
        </li>
      ))}
    </ul>
  );
}

export function BackToLeaderboard() {
  const { t } = useTranslation('statistics');
  const localize = useLocalizedPath();
  return (
    <p className="stats-back">
      <Link className="button button--ghost" to={localize('/leaderboard')} data-testid="stats-back">
        {t('back')}
      </Link>
    </p>
  );
}

/** The page's "not found" state (an unknown or hidden profile, an unknown team or event). */
export function StatsMissing({ name, title, message }: { name: string; title: string; message: string }) {
  return (
    <PageShell name={name} title={title}>
      <div className="card state-card" role="alert" data-testid="stats-missing">
        <p>{message}</p>
      </div>
      <BackToLeaderboard />
    </PageShell>
  );
}

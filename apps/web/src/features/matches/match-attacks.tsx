import type { MatchSeriesDetail } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { formatDestruction } from '../../lib/war-result';
import './match-detail.css';

type Lineups = MatchSeriesDetail['lineups'];

/** A player's name from either line-up, else the tag. */
function nameOf(lineups: Lineups, tag: string): string {
  return [...lineups.home, ...lineups.away].find((player) => player.tag === tag)?.name ?? tag;
}

/**
 * Match page: the war's attacks in attack order, attacker → defender, stars and destruction, marked
 * with the attacking team. The official game's attacks are on its own report (OfficialWarReport).
 */
export function MatchAttacks({
  attacks,
  lineups,
  names,
}: {
  attacks: MatchSeriesDetail['attacks'];
  lineups: Lineups;
  names: { home: string; away: string };
}) {
  const { t } = useTranslation('matchdetail');
  const locale = useLocale();
  return (
    <section className="match-detail" data-testid="match-attacks" aria-labelledby="match-attacks-title">
      <h3 id="match-attacks-title">{t('attacks.title')}</h3>
      {attacks.length === 0 ? (
        <p className="muted" data-testid="match-attacks-empty">
          {t('attacks.empty')}
        </p>
      ) : (
        <ol className="match-attacks">
          {attacks.map((attack) => (
            <li
              key={attack.order}
              className={`match-attack match-attack--${attack.side}`}
              data-testid="match-attack"
              data-side={attack.side}
            >
              <span className="match-attack__order">{attack.order}</span>
              <span className="match-attack__who">
                <span className="match-attack__players">
                  {nameOf(lineups, attack.attackerTag)} → {nameOf(lineups, attack.defenderTag)}
                </span>
                <span className="match-attack__team muted">{names[attack.side]}</span>
              </span>
              <span className="match-attack__result">
                <span
                  className="match-attack__stars"
                  role="img"
                  aria-label={t('attacks.starsLabel', { count: attack.stars })}
                  data-testid="match-attack-stars"
                >
                  {'★'.repeat(attack.stars)}
                  <span className="match-attack__missed" aria-hidden="true">
                    {'☆'.repeat(Math.max(0, 3 - attack.stars))}
                  </span>
                </span>
                <span className="match-attack__destruction" data-testid="match-attack-destruction">
                  {formatDestruction(attack.destruction, locale)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

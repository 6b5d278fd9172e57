import type { EventPrizes } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '../../i18n/locale';
import { useLocale } from '../../i18n/use-locale';
import './prizes.css';

export interface PrizeLine {
  key: 'pool' | 'monthlyFinalsPool' | 'championshipFinalsPool';
  amount: number;
}

/** The pools an event announces, in the order the block shows them; none without prize data. */
export function prizeLines(prizes: EventPrizes | null | undefined): PrizeLine[] {
  if (!prizes) return [];
  const lines: PrizeLine[] = [{ key: 'pool', amount: prizes.pool }];
  if (prizes.monthlyFinalsPool !== null)
    lines.push({ key: 'monthlyFinalsPool', amount: prizes.monthlyFinalsPool });
  if (prizes.championshipFinalsPool !== null)
    lines.push({ key: 'championshipFinalsPool', amount: prizes.championshipFinalsPool });
  return lines;
}

/**
 * Prizes (spec 2: prize pool, monthly finals and championship finals prize pools) from the event's
 * data. An event without prize data says so; the block never shows a figure the event does not have.
 */
export function Prizes({ prizes }: { prizes: EventPrizes | null | undefined }) {
  const { t } = useTranslation('finals');
  const locale = useLocale();
  const lines = prizeLines(prizes);
  if (!prizes || lines.length === 0)
    return (
      <div className="card prizes" data-testid="prizes">
        <p className="muted" data-testid="prizes-none">
          {t('prizes.none')}
        </p>
      </div>
    );
  const money = new Intl.NumberFormat(HTML_LANG[locale], {
    style: 'currency',
    currency: prizes.currency,
    maximumFractionDigits: 0,
  });
  return (
    <div className="card prizes" data-testid="prizes">
      <dl className="finals-prizes__list">
        {lines.map((line) => (
          <div key={line.key} data-testid={`prize-${line.key}`}>
            <dt>{t(`prizes.${line.key}`)}</dt>
            <dd>{money.format(line.amount)}</dd>
          </div>
        ))}
      </dl>
      {prizes.placements.length > 0 ? (
        <ol className="finals-prizes__placements" data-testid="prize-placements">
          {prizes.placements.map((entry) => (
            <li key={entry.placement} value={entry.placement}>
              {t(entry.placementTo > entry.placement ? 'prizes.placementRange' : 'prizes.placement', {
                from: entry.placement,
                to: entry.placementTo,
                amount: money.format(entry.amount),
              })}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

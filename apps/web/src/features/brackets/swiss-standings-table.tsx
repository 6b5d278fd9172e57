import type { SWISS_TIEBREAK_KEYS as ContractTiebreakKeys } from '@cwh/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamLink } from '../matches/team-link';
import { teamName } from '../matches/team-name';
import type { SwissRecord } from './brackets-api';
import './brackets.css';

export type SwissTiebreakKey = (typeof ContractTiebreakKeys)[number];

/** The contract's tiebreaks in their default order (a type import keeps zod out of the bundle). */
export const SWISS_TIEBREAK_KEYS = [
  'matchPoints',
  'buchholz',
  'headToHead',
  'starDifference',
  'destructionDifference',
  'seed',
] as const satisfies readonly SwissTiebreakKey[];

export interface SwissStandingsTableProps {
  /** GET /segments/{id}/swiss-records, in rank order. */
  records: readonly SwissRecord[];
  /** The stage's tiebreak order (bracket info `swiss.tiebreaks`): its columns come in that order. */
  tiebreaks?: readonly SwissTiebreakKey[] | undefined;
  /** Table caption (e.g. "Standings after round 3"); visually hidden when `hideCaption`. */
  caption?: string | undefined;
  hideCaption?: boolean;
  /** `broadcast`: larger type, every column at any width. */
  variant?: 'page' | 'broadcast';
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The value of one tiebreak column for a record. */
export function tiebreakValue(record: SwissRecord, key: SwissTiebreakKey): string {
  switch (key) {
    case 'matchPoints':
      return String(record.matchPoints);
    case 'buchholz':
      return signed(record.buchholz);
    case 'headToHead':
      return String(record.headToHead);
    case 'starDifference':
      return signed(record.starsFor - record.starsAgainst);
    case 'destructionDifference':
      return signed(round1(record.destructionFor - record.destructionAgainst));
    case 'seed':
      return String(record.seed);
  }
}

/** W-L-D of a record ("2-1-0"). */
export const recordWld = (record: Pick<SwissRecord, 'wins' | 'losses' | 'draws'>) =>
  `${record.wins}-${record.losses}-${record.draws}`;

const STATUS_BADGE = {
  qualified: 'badge--open',
  eliminated: 'badge--muted',
  active: 'badge--upcoming',
} as const;

/**
 * Swiss standings: rank, team, record W-L-D, the tiebreak columns (match points, Buchholz,
 * head-to-head, star and destruction difference, seed) in the stage's order, and the status.
 */
export function SwissStandingsTable({
  records,
  tiebreaks,
  caption,
  hideCaption = false,
  variant = 'page',
}: SwissStandingsTableProps) {
  const { t } = useTranslation('brackets');
  const captionId = useId();
  const order = tiebreaks?.length ? [...tiebreaks] : [...SWISS_TIEBREAK_KEYS];
  // Every tiebreak has a column; the ones the stage does not use come after, in the default order.
  const columns = [...order, ...SWISS_TIEBREAK_KEYS.filter((key) => !order.includes(key))];
  if (records.length === 0)
    return (
      <p className="muted" data-testid="swiss-standings-empty">
        {t('swiss.noStandings')}
      </p>
    );
  return (
    // The table scrolls sideways on a phone: the scroll area takes keyboard focus (arrow keys scroll
    // it) and is a region named after the table's caption.
    <div
      className={`table-scroll swiss-table-wrap${variant === 'broadcast' ? ' swiss-table-wrap--broadcast' : ''}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      {...(caption ? { role: 'region', 'aria-labelledby': captionId } : {})}
    >
      <table className="swiss-table" data-testid="swiss-standings">
        {caption ? (
          <caption id={captionId} className={hideCaption ? 'visually-hidden' : 'swiss-table__caption'}>
            {caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            <th scope="col" className="swiss-num">
              {t('columns.rank')}
            </th>
            <th scope="col">{t('columns.team')}</th>
            <th scope="col" className="swiss-num">
              <abbr title={t('columns.recordLong')}>{t('columns.record')}</abbr>
            </th>
            {columns.map((key) => (
              <th key={key} scope="col" className="swiss-num">
                <abbr title={t(`columns.${key}Long`)}>{t(`columns.${key}`)}</abbr>
              </th>
            ))}
            <th scope="col">{t('columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr
              key={record.roster.id}
              data-testid="swiss-standing"
              data-status={record.status}
              className={`swiss-row swiss-row--${record.status}`}
            >
              <td className="swiss-num swiss-rank">{record.rank}</td>
              <th scope="row" className="swiss-team">
                {/* The team's public page (and from there its records, issue #38). */}
                <TeamLink rosterId={record.roster.id}>
                  {teamName(record.roster.displayName, t('common:tbd'))}
                </TeamLink>
              </th>
              <td className="swiss-num">{recordWld(record)}</td>
              {columns.map((key) => (
                <td key={key} className="swiss-num">
                  {tiebreakValue(record, key)}
                </td>
              ))}
              <td>
                <span className={`badge ${STATUS_BADGE[record.status]}`}>{t(`status.${record.status}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

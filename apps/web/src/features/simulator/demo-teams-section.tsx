import { useTranslation } from 'react-i18next';
import type { DemoRefusal } from './simulator-api';

/** Refusals the console explains; any other code gets the general hint. */
const EXPLAINED = new Set([
  'CLAN_IS_IN_WAR',
  'ROSTER_MISSING_MEMBER',
  'MEMBERS_MISSING',
  'TH_LEVELS_MISMATCH',
  'MATCH_LIMIT_REACHED',
  'ROSTER_ALREADY_PLAYED',
  'SUSPENDED',
]);

/**
 * The demo teams the demo bots could not queue (issue 31): the team, why (its error code) and what
 * fixes it in the simulator. Nothing when every demo team can play.
 */
export function DemoTeamsSection({ refusals }: { refusals: DemoRefusal[] }) {
  const { t } = useTranslation('simulator');
  if (refusals.length === 0) return null;
  return (
    <section className="team-section" data-testid="sim-demo-teams">
      <h2 className="section-title">{t('demo.title')}</h2>
      <p className="muted">{t('demo.lead')}</p>
      <ul className="sim-list">
        {refusals.map((refusal) => (
          <li
            key={`${refusal.team}-${refusal.code}`}
            className="sim-card card"
            data-testid="sim-demo-team"
            data-code={refusal.code}
          >
            <strong>{refusal.team}</strong> <code>{refusal.code}</code>
            <p>{t(`demo.fix.${EXPLAINED.has(refusal.code) ? refusal.code : 'other'}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

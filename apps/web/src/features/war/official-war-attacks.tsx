import type { OfficialWarAttributes } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration, seconds } from '../../lib/durations';

interface Names {
  home: string;
  away: string;
}

/** Official game, match page: the war's state, the organizer notice, the attacks and the war log check. */
export function OfficialWarReport({ war, names }: { war: OfficialWarAttributes; names: Names }) {
  const { t } = useTranslation('officialwar');
  return (
    <section className="official-war" data-testid="official-war" data-war-state={war.state}>
      <p className="muted" data-testid="official-war-state">
        {t(`status.${war.state}`)}
      </p>
      {war.reviewReason ? (
        <p className="notice notice--warning" role="alert" data-testid="official-war-review">
          {t(`review.${war.reviewReason}`)}
        </p>
      ) : null}
      {war.destruction ? (
        <p data-testid="official-war-destruction">
          {t('attacks.totalDestruction', { home: war.destruction.home, away: war.destruction.away })}
        </p>
      ) : null}
      <h3>{t('attacks.title')}</h3>
      {war.attacks.length === 0 ? (
        <p className="muted">{t('attacks.empty')}</p>
      ) : (
        <table className="table official-war__attacks" data-testid="official-war-attacks">
          <thead>
            <tr>
              <th>{t('attacks.order')}</th>
              <th>{t('attacks.attacker')}</th>
              <th>{t('attacks.defender')}</th>
              <th>{t('attacks.stars')}</th>
              <th>{t('attacks.destruction')}</th>
              <th>{t('attacks.duration')}</th>
            </tr>
          </thead>
          <tbody>
            {war.attacks.map((attack) => (
              <tr key={attack.order} data-side={attack.side}>
                <td>{attack.order}</td>
                <td>
                  {attack.attackerTag} <span className="muted">({names[attack.side]})</span>
                </td>
                <td>{attack.defenderTag}</td>
                <td>{'★'.repeat(attack.stars) || '–'}</td>
                <td>{t('attacks.percent', { value: attack.destruction })}</td>
                <td>
                  {attack.durationSeconds == null ? '–' : formatDuration(seconds(attack.durationSeconds))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {war.state === 'warEnded' && war.warLog ? (
        <p className="muted" data-testid="official-war-log">
          {t(`warLog.${war.warLog}`)}
        </p>
      ) : null}
    </section>
  );
}

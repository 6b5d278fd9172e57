import type { OfficialWarAttributes } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration, minutes } from '../../lib/durations';

/**
 * Official game: the official API cannot create wars, so both captains are told how to start the
 * esports war themselves, as a friendly war with the match's settings (start-war modal, match page).
 */
export function OfficialWarGuide({ settings }: { settings: OfficialWarAttributes['settings'] }) {
  const { t } = useTranslation('officialwar');
  return (
    <section className="official-war-guide" data-testid="official-war-guide">
      <p>{t('startWar.intro')}</p>
      <ul className="official-war-guide__settings" data-testid="official-war-settings">
        <li>{t('startWar.teamSize', { size: settings.teamSize })}</li>
        <li>{t('startWar.attacks', { count: settings.attacksPerMember })}</li>
        <li>{t('startWar.preparation', { time: formatDuration(minutes(settings.preparationMinutes)) })}</li>
        <li>{t('startWar.battle', { time: formatDuration(minutes(settings.battleMinutes)) })}</li>
      </ul>
      <ol className="start-war__steps">
        <li>{t('startWar.step1')}</li>
        <li>{t('startWar.step2')}</li>
        <li>{t('startWar.step3')}</li>
      </ol>
    </section>
  );
}

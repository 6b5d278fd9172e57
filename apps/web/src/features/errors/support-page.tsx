import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { config } from '../../lib/config';
import { ExternalLink } from '../session/external-link';
import { PageShell } from '../shell/page-shell';

/**
 * /support: the hub's own Contact Support page (errors 12 and 13 tell players to contact support),
 * used when no external support link is configured (VITE_SUPPORT_URL): what to include, how to reach
 * staff. `?code=` names the error the player came from.
 */
export function SupportPage() {
  const { t } = useTranslation('errors');
  const common = useTranslation('common').t;
  const to = useLocalizedPath();
  const [search] = useSearchParams();
  const code = search.get('code');
  const include = t('support.include', { returnObjects: true }) as string[];
  return (
    <PageShell name="support" title={t('support.title')}>
      <p className="page__lead">{t('support.lead')}</p>
      {code && /^\d{1,3}$/.test(code) ? (
        <p className="card state-card" data-testid="support-code">
          {t('support.codeNote', { code })}
        </p>
      ) : null}
      <section className="home__section">
        <h2 className="section-title">{t('support.includeTitle')}</h2>
        <ul data-testid="support-include">
          {include.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="home__section">
        <h2 className="section-title">{t('support.reachTitle')}</h2>
        <p>{t('support.reachMatch')}</p>
        {config.communityChatUrl ? (
          <p>
            {t('support.reachChat')}{' '}
            <ExternalLink href={config.communityChatUrl} testId="support-community-chat">
              {t('support.openChat')}
            </ExternalLink>
          </p>
        ) : (
          <p>{t('support.reachNoChat')}</p>
        )}
      </section>
      <Link className="button button--primary" to={to('/')} data-testid="back-to-event">
        {common('actions.backToEvent')}
      </Link>
    </PageShell>
  );
}

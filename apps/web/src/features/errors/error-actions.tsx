import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { config } from '../../lib/config';
import { ExternalLink } from '../session/external-link';

/** Contact Support (only when a support link is configured) and Back To Event, the buttons of the error dialogs. */
export function ErrorActions() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <>
      {config.supportUrl ? (
        <ExternalLink className="button button--ghost" href={config.supportUrl} testId="contact-support">
          {t('actions.contactSupport')}
        </ExternalLink>
      ) : null}
      <Link className="button button--primary" to={to('/')} data-testid="back-to-event">
        {t('actions.backToEvent')}
      </Link>
    </>
  );
}

export function BackHomeLink() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <Link className="button button--primary" to={to('/')} data-testid="back-home">
      {t('actions.backHome')}
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { config } from '../../lib/config';
import { ExternalLink } from '../session/external-link';

/**
 * Contact Support, always reachable: the configured support link (VITE_SUPPORT_URL), else the hub's
 * own support page (/support, with the error's number when on an error page).
 */
export function ContactSupportLink({ className, testId }: { className?: string; testId: string }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const { id } = useParams();
  if (config.supportUrl) {
    return (
      <ExternalLink className={className} href={config.supportUrl} testId={testId}>
        {t('actions.contactSupport')}
      </ExternalLink>
    );
  }
  const code = id && /^\d{1,3}$/.test(id) ? `?code=${id}` : '';
  return (
    <Link className={className} to={`${to('/support')}${code}`} data-testid={testId}>
      {t('actions.contactSupport')}
    </Link>
  );
}

/** Contact Support and Back To Event, the buttons of the error dialogs. */
export function ErrorActions() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <>
      <ContactSupportLink className="button button--ghost" testId="contact-support" />
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

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMarkErrorPage } from '../../overlays/error-page-flag';
import { ErrorDialog } from './error-dialog';

function decode(message: string | undefined): string | null {
  if (!message) return null;
  try {
    return decodeURIComponent(message);
  } catch {
    return message;
  }
}

/** /fatal-error and /fatal-error/:message — the critical error, with the (decoded) message if given. */
export function FatalErrorPage() {
  useMarkErrorPage();
  const { t } = useTranslation('errors');
  const message = decode(useParams().message);
  return (
    <ErrorDialog
      name="fatal-error"
      tone="fatal"
      title={t('fatal.title')}
      actions={
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
      }
    >
      <p className="error-dialog__lead" data-testid="fatal-error-text">
        {t('fatal.message')}
      </p>
      {message ? (
        <div className="error-dialog__details">
          <span className="error-dialog__details-label">{t('fatal.details')}</span>
          <code data-testid="fatal-error-message">{message}</code>
        </div>
      ) : null}
    </ErrorDialog>
  );
}

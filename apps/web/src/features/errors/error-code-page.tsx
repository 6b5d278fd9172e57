import { ERROR_CODES, isErrorPageCode, isRefusalReason } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useMarkErrorPage } from '../../overlays/error-page-flag';
import { useSession } from '../session/session-store';
import { chatRegion } from './chat-region';
import { ErrorActions } from './error-actions';
import { ErrorDialog } from './error-dialog';

/** /error and /error/:id — the catalogue of spec 8 (domain ERROR_CODES); unknown ids show the generic error. */
export function ErrorCodePage() {
  useMarkErrorPage();
  const { t } = useTranslation('errors');
  const { id } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const code = id && /^\d{1,3}$/.test(id) ? Number(id) : null;
  const entry = isErrorPageCode(code) ? ERROR_CODES[code] : null;
  // Issue 31: a refusal that named its reason (?reason=) says it, on the spec's page or alone.
  const reasonCode = search.get('reason');
  const reason = isRefusalReason(reasonCode) ? (
    <p className="error-dialog__reason" data-testid="error-reason" data-reason={reasonCode}>
      {t(`reasons.${reasonCode}`)}
    </p>
  ) : null;

  if (entry === null) {
    return (
      <ErrorDialog
        name="error"
        title={t('dialogTitle')}
        heading={reason ? t('refused') : t('generic.title')}
        actions={<ErrorActions />}
      >
        {reason ?? <p data-testid="error-message">{t('generic.message')}</p>}
      </ErrorDialog>
    );
  }
  const chatApp = t(`chatApp.${chatRegion(search, entry, session)}`);
  return (
    <ErrorDialog
      name="error"
      title={t('dialogTitle')}
      code={t('errorCode', { code: entry.code })}
      heading={t(`messages.${entry.slug}.title`)}
      actions={<ErrorActions />}
    >
      {reason}
      <p data-testid="error-message" data-error-code={entry.code}>
        {t(`messages.${entry.slug}.message`, { chatApp })}
      </p>
    </ErrorDialog>
  );
}

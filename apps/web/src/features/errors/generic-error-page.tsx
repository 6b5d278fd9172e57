import { useTranslation } from 'react-i18next';
import { useMarkErrorPage } from '../../overlays/error-page-flag';
import { BackHomeLink, ErrorActions } from './error-actions';
import { ErrorDialog } from './error-dialog';

interface GenericErrorPageProps {
  status?: number;
  /** The error message; it is the page title. */
  message?: string | undefined;
}

/** Generic error page (spec 2): the title is the error message; status 404 offers the way home. */
export function GenericErrorPage({ status, message }: GenericErrorPageProps) {
  useMarkErrorPage();
  const { t } = useTranslation('errors');
  if (status === 404) {
    return (
      <ErrorDialog
        name="not-found"
        title={message ?? t('notFound.title')}
        code="404"
        actions={<BackHomeLink />}
      >
        <p>{t('notFound.message')}</p>
      </ErrorDialog>
    );
  }
  return (
    <ErrorDialog
      name="route-error"
      title={message || t('generic.title')}
      code={status ? String(status) : undefined}
      actions={<ErrorActions />}
    >
      <p>{t('generic.message')}</p>
    </ErrorDialog>
  );
}

export function NotFoundPage() {
  return <GenericErrorPage status={404} />;
}

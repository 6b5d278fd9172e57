import { useTranslation } from 'react-i18next';
import { PageShell } from './page-shell';

interface PlaceholderPageProps {
  /** Test id suffix: `page-<name>`. */
  name: string;
  /** Key of the page in the `pages` namespace (title and purpose). */
  textKey: string;
  values?: Record<string, string>;
}

/** A page not built yet: its translated title, what it will be for, and a coming-soon badge. */
export function PlaceholderPage({ name, textKey, values }: PlaceholderPageProps) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <PageShell name={name} title={t(`pages:${textKey}.title`)}>
      <div className="card placeholder">
        <p className="placeholder__purpose">{t(`pages:${textKey}.purpose`, values)}</p>
        <span className="badge badge--muted">{t('common:comingSoon')}</span>
      </div>
    </PageShell>
  );
}

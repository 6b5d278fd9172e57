import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageShellProps {
  /** Goes to `data-testid="page-<name>"` on the page root. */
  name: string;
  title: string;
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** Root of every page: test id, the `<h1>` title and the document title. */
export function PageShell({ name, title, eyebrow, children }: PageShellProps) {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
  return (
    <section className="page" data-testid={`page-${name}`}>
      <header className="page__header">
        {eyebrow ? <p className="page__eyebrow">{eyebrow}</p> : null}
        <h1 className="page__title">{title}</h1>
      </header>
      {children}
    </section>
  );
}

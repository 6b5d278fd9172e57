import type { ReactNode } from 'react';

/** A boxed message inside a page; warnings and dangers are announced as alerts. */
export function Notice({
  tone = 'info',
  children,
  testId,
}: {
  tone?: 'info' | 'warning' | 'success' | 'danger';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`notice notice--${tone}`}
      role={tone === 'warning' || tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { hubLinkHref } from './in-app-bridge';
import { useSession } from './session-store';

/**
 * A link that leaves the hub (support, community chat): inside the game's web view it goes through
 * the game's web-view scheme (spec 2), in a browser it opens in a new tab.
 */
export function ExternalLink({
  href,
  className,
  testId,
  children,
}: {
  href: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { inApp } = useSession();
  return (
    <a
      className={className}
      href={hubLinkHref(href, inApp)}
      {...(inApp ? {} : { target: '_blank', rel: 'noreferrer' })}
      data-testid={testId}
    >
      {children}
    </a>
  );
}

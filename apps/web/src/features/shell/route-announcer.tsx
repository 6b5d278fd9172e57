import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** Time for the new page to render its heading and title before it is announced. */
const SETTLE_MS = 150;

/**
 * Route changes for screen readers: after a navigation, the new page's heading (or the document
 * title) is read once from a polite live region, and focus moves to the main region, so keyboard
 * users continue from the top of the new page instead of a link that no longer exists.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  // The first page is announced by the browser itself: only a change of path is announced.
  const announced = useRef(pathname);

  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    const timer = window.setTimeout(() => {
      const heading = document.querySelector('main h1')?.textContent?.trim();
      setMessage(heading || document.title);
      document.getElementById('main')?.focus();
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}

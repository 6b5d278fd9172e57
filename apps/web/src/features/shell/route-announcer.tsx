import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** Quiet time of the main region (no DOM change) before the new page counts as rendered. */
const SETTLE_MS = 150;
/** A page still changing (or without a heading) this long after the navigation is announced anyway. */
const MAX_WAIT_MS = 3_000;

const mainHeading = () => document.querySelector('main h1')?.textContent?.trim() ?? '';

/**
 * Route changes for screen readers: after a navigation, the new page's heading (or the document
 * title) is read once from a polite live region, and focus moves to the main region, so keyboard
 * users continue from the top of the new page instead of a link that no longer exists. The heading
 * is read once the main region has a heading and has stopped changing for SETTLE_MS (a page whose
 * heading comes with its data, or a slow phone, renders it later than a fixed delay would wait),
 * or after MAX_WAIT_MS at the latest.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  // The first page is announced by the browser itself: only a change of path is announced.
  const announced = useRef(pathname);

  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    let settle: number | undefined;
    const announce = () => {
      stop();
      setMessage(mainHeading() || document.title);
      document.getElementById('main')?.focus();
    };
    const restart = () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(() => (mainHeading() ? announce() : restart()), SETTLE_MS);
    };
    const observer = new MutationObserver(restart);
    const main = document.getElementById('main');
    if (main) observer.observe(main, { childList: true, subtree: true, characterData: true });
    const latest = window.setTimeout(announce, MAX_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(settle);
      window.clearTimeout(latest);
    }
    restart();
    return stop;
  }, [pathname]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}

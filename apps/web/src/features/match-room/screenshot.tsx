import { useEffect, useState } from 'react';
import { screenshotDataUrl } from './dispute-api';

/**
 * A match screenshot. Its bytes need the bearer token (only the captains and the event's staff may
 * see them), so it is fetched and shown from a data: URL; `token` is the console's, else the
 * signed-in user's.
 */
export function Screenshot({
  url,
  alt,
  className,
  token,
}: {
  url: string;
  alt: string;
  className?: string;
  token?: string | null;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    screenshotDataUrl(url, token, controller.signal)
      .then(setSrc)
      .catch(() => setSrc(null));
    return () => controller.abort();
  }, [url, token]);
  if (!src) return <span className={`${className ?? ''} screenshot--loading`} aria-label={alt} role="img" />;
  return <img src={src} alt={alt} className={className} loading="lazy" />;
}

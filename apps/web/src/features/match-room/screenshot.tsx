import { useEffect, useState } from 'react';
import { screenshotObjectUrl } from './dispute-api';

/**
 * A match screenshot. Its bytes need the bearer token (only the captains and the event's staff may
 * see them), so it is fetched and shown from an object URL; `token` is the console's, else the
 * signed-in user's. A click opens it full size in a new tab.
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
    let made: string | null = null;
    screenshotObjectUrl(url, token, controller.signal)
      .then((objectUrl) => {
        made = objectUrl;
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, token]);
  if (!src) return <span className={`${className ?? ''} screenshot--loading`} aria-label={alt} role="img" />;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} className={className} loading="lazy" />
    </a>
  );
}

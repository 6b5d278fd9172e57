import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExternalLink } from './external-link';
import { IN_APP_WEBVIEW_SCHEME } from './in-app-bridge';
import { updateSession } from './session-store';

describe('links that leave the hub', () => {
  afterEach(() => {
    updateSession({ inApp: false });
  });

  it('inside the game go through its web-view scheme (spec 2), the target encoded', () => {
    updateSession({ inApp: true });
    render(<ExternalLink href="https://discord.gg/clash?x=1">Chat</ExternalLink>);
    const link = screen.getByRole('link', { name: 'Chat' });
    expect(link.getAttribute('href')).toBe(
      `${IN_APP_WEBVIEW_SCHEME}${encodeURIComponent('https://discord.gg/clash?x=1')}`,
    );
    expect(link.getAttribute('target')).toBeNull();
  });

  it('in a browser open the address itself in a new tab', () => {
    render(<ExternalLink href="mailto:support@example.org">Support</ExternalLink>);
    const link = screen.getByRole('link', { name: 'Support' });
    expect(link.getAttribute('href')).toBe('mailto:support@example.org');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { wechatLoader } from '../../routes/wechat-loader';
import { runInitialLoad } from '../session/initial-load';
import { resetSession, updateSession } from '../session/session-store';
import { WechatQr } from './wechat-qr';

async function showGroupCode(answer: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => answer);
  vi.stubGlobal('fetch', fetchMock);
  const args = {
    request: new Request('http://hub.test/my-clan/china/wechat'),
    params: {},
  } as LoaderFunctionArgs;
  const { qr } = await wechatLoader(args);
  render(
    <I18nextProvider i18n={initI18n()}>
      <WechatQr qr={qr} />
    </I18nextProvider>,
  );
  return fetchMock;
}

beforeEach(async () => {
  await runInitialLoad();
  updateSession({ middlewareRosterId: 'roster-1' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:qr', revokeObjectURL: () => undefined }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe("the team's messaging-app group code (the organizer sets the group on the event)", () => {
  it('says the group is not set up yet when the event has no group link (CHAT_GROUP_NOT_SET)', async () => {
    const fetchMock = await showGroupCode(
      new Response(JSON.stringify({ errors: [{ status: '404', code: 'CHAT_GROUP_NOT_SET', title: 'x' }] }), {
        status: 404,
        headers: { 'content-type': 'application/vnd.api+json' },
      }),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/wechatqrcode/by-roster/roster-1');
    expect(screen.getByTestId('wechat-not-set-up').textContent).toBe(
      'The WeChat group of your event is not set up yet. The organizers add it before play starts; check back later.',
    );
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
  });

  it("shows the server's code of the group link once it is set", async () => {
    await showGroupCode(new Response(new Blob([new Uint8Array([0x89, 0x50])]), { status: 200 }));
    expect((await screen.findByTestId('wechat-qr')).getAttribute('src')).toBe('blob:qr');
  });

  it('any other failure is a load failure, not "not set up"', async () => {
    await showGroupCode(new Response(null, { status: 500 }));
    expect(screen.queryByTestId('wechat-failed')).not.toBeNull();
  });
});

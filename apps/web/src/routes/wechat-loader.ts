import type { LoaderFunctionArgs } from 'react-router';
import { fetchWechatQrCode } from '../features/teams/team-api';
import type { WechatData } from '../features/teams/wechat-qr';
import { settle } from '../lib/loadable';
import { rosterIdOf, sessionReady } from './session-data';

/** The chat-group pages: the QR code of the team's group (null: the player has no team). */
export async function wechatLoader({ request }: LoaderFunctionArgs): Promise<WechatData> {
  const rosterId = rosterIdOf(await sessionReady());
  return { qr: rosterId ? await settle(fetchWechatQrCode(rosterId, request.signal)) : null };
}

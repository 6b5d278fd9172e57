/** The signed-in user's notifications (issue #34, one lazy chunk). */
import { reloadNotices } from '../features/notices/notice-store';
import { sessionReady } from './session-data';

export { NoticesPage } from '../features/notices/notices-page';

/** /notifications: the first page read again on arrival (the bell may have read it a while ago). */
export async function noticesLoader(): Promise<null> {
  const session = await sessionReady();
  if (session.status !== 'signedOut' && session.userId && session.scToken)
    await reloadNotices(session.userId);
  return null;
}

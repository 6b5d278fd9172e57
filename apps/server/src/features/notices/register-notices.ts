import { API, NOTICE_CREATED_EVENT } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notifyUser } from '../../realtime/notify.js';
import { createNoticeLog, type NoticeLog, noticeResource, registerNoticeLog } from './notice-log.js';
import { noticesRoutes } from './notices-routes.js';
import { createNoticesService } from './notices-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users' notice log: features write into it; deliveries hang off it as channels. */
    noticeLog: NoticeLog;
  }
}

/**
 * The notice log (issue #34): its routes, and its first channel, the socket (every socket of the
 * user, on every instance through the Redis adapter). Answers the log the features write into.
 */
export async function registerNotices(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date },
): Promise<NoticeLog> {
  const log = createNoticeLog(deps.db);
  log.addChannel((rows) => {
    const io = app.io;
    if (!io) return;
    for (const row of rows) {
      notifyUser(io, row.tenant, row.userId, NOTICE_CREATED_EVENT, { notice: noticeResource(row) });
    }
  });
  app.decorate('noticeLog', log);
  const unregister = registerNoticeLog(deps.db, log);
  app.addHook('onClose', async () => {
    unregister();
  });
  await app.register(noticesRoutes(createNoticesService(deps)), { prefix: API.users });
  return log;
}

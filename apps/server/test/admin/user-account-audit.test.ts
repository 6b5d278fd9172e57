import { API, activityLogListDocument } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/index.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { join, call as ladderCall } from '../ladder/ladder-http.js';
import { createHubUser, titans } from '../players/players-helpers.js';
import { type Callers, call, T, U } from './admin-fixtures.js';

import { accountCallers, accountHelpers, PASSWORD } from './user-account-fixtures.js';

describeEachDatabase('the audit of every write', (ctx) => {
  let callers: Callers;
  let support: string;
  beforeAll(async () => {
    ({ callers, support } = await accountCallers(ctx));
  });
  const { db, target, logCount } = accountHelpers(ctx);

  describe('every mutating call is audited', () => {
    it('records a player’s clan-service write (hook), a sign-in (password redacted) and a team creation (in its transaction)', async () => {
      const tag = titans[2]!.tag;
      const player = await createHubUser(ctx.app, tag);
      const clan = activityLogListDocument.parse(
        (
          await call(
            ctx.app,
            support,
            'GET',
            `${U}/activity-log?filter[action]=${encodeURIComponent('POST /api/clan/1.0/user')}`,
          )
        ).json(),
      ).data;
      expect(clan.length).toBeGreaterThanOrEqual(1);
      expect(clan[0]!.attributes).toMatchObject({ ipAddress: '127.0.0.1', targetType: 'user' });
      expect(clan[0]!.attributes.after).toMatchObject({ status: 200, playerTag: tag });

      const { id } = await target();
      const signIns = activityLogListDocument.parse(
        (
          await call(
            ctx.app,
            support,
            'GET',
            `${U}/activity-log?filter[user]=${id}&filter[action]=${encodeURIComponent('POST /api/users/1.0/login')}`,
          )
        ).json(),
      ).data;
      expect(signIns).toHaveLength(1);
      const request = (
        signIns[0]!.attributes.after as { request: { data: { attributes: Record<string, string> } } }
      ).request;
      expect(request.data.attributes.password).toBe('[redacted]');
      expect(JSON.stringify(signIns[0]!.attributes)).not.toContain(PASSWORD);

      const created = await call(ctx.app, player.token, 'POST', `${T}/teams`, { name: `Audited ${tag}` });
      const entries = activityLogListDocument.parse(
        (
          await call(
            ctx.app,
            support,
            'GET',
            `${U}/activity-log?filter[target]=teams:${created.json().data.id}`,
          )
        ).json(),
      ).data;
      // One entry: the in-transaction one; the central hook writes no second.
      expect(entries.map((e) => e.attributes.action)).toEqual(['team.create']);
      expect(entries[0]!.relationships.user.data?.id).toBe(player.userId);
    });

    it('records a captain joining and leaving the ladder queue (hook), with the roster as target', async () => {
      const segment = await ladderSegment(db());
      const [captain] = await createCaptains(db(), {
        count: 1,
        offset: 900,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
      const joined = await join(ctx.app, captain!);
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      const left = await ladderCall(
        ctx.app,
        captain!.token,
        'POST',
        `${API.matches}/queue/${captain!.rosterId}/leave`,
      );
      expect(left.statusCode, left.body).toBeLessThan(300);
      const entries = activityLogListDocument.parse(
        (
          await call(ctx.app, support, 'GET', `${U}/activity-log?filter[target]=queue:${captain!.rosterId}`)
        ).json(),
      ).data;
      expect(entries.map((e) => e.attributes.action).sort()).toEqual([
        'POST /api/matches/1.0/queue/:rosterId/join',
        'POST /api/matches/1.0/queue/:rosterId/leave',
      ]);
      expect(entries.every((e) => e.relationships.user.data?.id === captain!.userId)).toBe(true);
      const join0 = entries.find((e) => e.attributes.action.endsWith('join'))!;
      expect(join0.attributes.after).toMatchObject({
        status: joined.statusCode,
        request: { data: { attributes: { playerTags: captain!.playerTags } } },
      });
    });

    it('writes nothing for a refused call, and the log stays append-only', async () => {
      const before = await logCount();
      const refused = await call(
        ctx.app,
        callers.tokens.player,
        'POST',
        `${U}/users/${callers.ids.support}/suspend`,
        { reason: 'x' },
      );
      expect(refused.statusCode).toBe(403);
      expect(await logCount()).toBe(before);
      await expect(db().delete(activityLog)).rejects.toThrow();
    });
  });
});

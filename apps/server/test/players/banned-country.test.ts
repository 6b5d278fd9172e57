import { API } from '@cwh/contract';
import { errorRouteFor } from '@cwh/domain';
import { beforeAll, expect, it } from 'vitest';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest } from '../harness.js';
import { clanCall, createHubUser, T, topSegmentId } from './players-helpers.js';

/** Spec 8, error 29 "banned country": a player from a country in BANNED_COUNTRIES cannot register. */
describeEachDatabase(
  'registration from a banned country',
  (ctx) => {
    const lineup = [T.leader, T.coLeader, T.coLeader2, T.elder, T.elder2];
    const tokens: Record<string, string> = {};
    const register = (tag: string, country: string) =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${API.clan}/register`,
          headers: { ...bearer(tokens[tag]!), 'x-country': country },
          payload: jsonApiBody({}),
        }),
      );
    const registered = async (tag: string) => {
      const clan = (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes;
      return (clan.roster.members as { tag: string; registered: boolean }[]).find((m) => m.tag === tag)!
        .registered;
    };

    beforeAll(async () => {
      for (const tag of lineup) tokens[tag] = (await createHubUser(ctx.app, tag)).token;
      const segmentId = await topSegmentId(ctx.app);
      const selected = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/members', {
        playerTag: T.leader,
        members: lineup,
        segmentId,
      });
      expect(selected.statusCode).toBe(200);
    });

    it('POST /register from KP answers 400 BANNED_COUNTRY (→ /error/29) and registers nothing', async () => {
      const response = await register(T.elder, 'KP');
      expect(response.statusCode).toBe(400);
      const error = response.json().errors[0];
      expect(error.code).toBe('BANNED_COUNTRY');
      expect(errorRouteFor(400, error)).toBe('/error/29');
      expect(await registered(T.elder)).toBe(false);
    });

    it('the same player registers from a country that is not banned', async () => {
      expect((await register(T.elder, 'CA')).statusCode).toBe(200);
      expect(await registered(T.elder)).toBe(true);
    });
  },
  { config: { bannedCountries: ['KP'] } },
);

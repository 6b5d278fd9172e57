/**
 * The integration files that run on PGlite as well when a PostgreSQL server is configured (CI):
 * what proves the embedded database behaves as PostgreSQL does for this app. Every other file runs on
 * PostgreSQL only there (and on PGlite alone on a machine without a server). Paths are relative to
 * `apps/server/test/`.
 *
 * - migrations and type round trips: the seeds (which migrate and write every kind of column), the
 *   activity log's JSON rows, the plumbing and health probes;
 * - the seeds the embedded default runs at its first start (demo season, demo ladder, logos, the
 *   simulated game's tables);
 * - one journey per capability over HTTP: auth, events, segments, admin, players and clans, rosters,
 *   ladder (HTTP, SQL locking, socket), check-ins, brackets, match room, disputes, match series admin,
 *   rosters admin, war, hardening.
 *
 * The browser suite and the season rehearsal run on PGlite in full, as `npm start` does.
 */
export const PGLITE_PARITY_FILES: ReadonlySet<string> = new Set([
  'admin/activity-log-append.test.ts',
  'seed.test.ts',
  'seed-logos.test.ts',
  'demo-ladder-seed.test.ts',
  'demo-season-seed.test.ts',
  'health.test.ts',
  'http-plumbing.test.ts',
  'auth.test.ts',
  'events.test.ts',
  'segments.test.ts',
  'admin/events-admin.test.ts',
  'admin/users-admin.test.ts',
  'players/clan.test.ts',
  'players/rosters.test.ts',
  'players/simulator.test.ts',
  'ladder/ladder-http.test.ts',
  'ladder/queue-sql.test.ts',
  'ladder/ladder-socket.test.ts',
  'checkins/match-check-in.test.ts',
  'checkins/segment-check-in.test.ts',
  'brackets/stage-play.test.ts',
  // Migration 0031's triggers (PL/pgSQL) bump the schedule revisions the calendar feeds read.
  'calendar/calendar-feeds.test.ts',
  'match-room/pickban.test.ts',
  'match-room/pickban-voting.test.ts',
  'match-room/pickban-roles.test.ts',
  'match-room/match-chat.test.ts',
  'disputes/disputes.test.ts',
  'disputes/disputes-raising.test.ts',
  'disputes/disputes-resolving.test.ts',
  'match-series-admin/match-series-admin.test.ts',
  'match-series-admin/match-series-admin-edits.test.ts',
  'rosters-admin/rosters-admin.test.ts',
  'war/create-war.test.ts',
  'hardening/http-hardening.test.ts',
]);

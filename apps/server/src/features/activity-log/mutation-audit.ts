import type { FastifyInstance, FastifyRequest } from 'fastify';
import { batchWriter } from '../../db/batch-loader.js';
import type { Db } from '../../db/client.js';
import { createActivityLogRepository, type NewActivityLogEntry } from './activity-log-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a route knows of its change (before/after, a better action name) for the central entry. */
    activityChange: ActivityChange | null;
  }
}

export interface ActivityChange {
  action?: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Client error reports and the simulated game's own controls are not changes of the hub. */
const NOT_AUDITED = ['/api/log/', '/api/simulator/'];
/** Never copied into the log, at any depth of the request body. */
const SECRET_KEY = /pass(word)?|token|secret|code|authori[sz]ation|api[-_]?key/i;
const MAX_BODY_CHARS = 4000;

/** A request body with secrets masked, or a note when it is too large to keep. */
export function redactedBody(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  if (Buffer.isBuffer(body)) return { bytes: body.length };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : walk(v)]),
      );
    return value;
  };
  const clean = walk(body);
  const text = JSON.stringify(clean) ?? 'null';
  return text.length > MAX_BODY_CHARS ? { truncated: true, chars: text.length } : clean;
}

/** 'queue' of '/api/matches/1.0/queue/:id/join': the first fixed path part after the version. */
export function targetTypeOf(routeUrl: string): string {
  const parts = routeUrl.split('/').filter(Boolean);
  const version = parts.findIndex((part) => /^\d+\.\d+$/.test(part));
  const rest = version >= 0 ? parts.slice(version + 1) : parts;
  return rest.find((part) => !part.startsWith(':')) ?? 'api';
}

function createdId(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** A sign-in has no caller yet: the user is the one the answer names. */
function sessionUserId(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.includes('"userId"')) return null;
  try {
    const id = (JSON.parse(payload) as { data?: { attributes?: { userId?: unknown } } }).data?.attributes
      ?.userId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * The one central record of every successful mutating call (spec §7, issue #8): who, IP, when,
 * method and route, target, the redacted body, and before/after when the route gives them. Calls
 * that already wrote their entry in their own transaction (`audited`, the admin services) are not
 * written twice. Runs in `onSend`, so the entry exists before the caller sees the success. The
 * entries of the calls answered in one event-loop turn are written by one insert (`auditWriter`). A
 * failed insert is logged and does not undo the answered change.
 */
export function registerMutationAudit(app: FastifyInstance, db: Db, now: () => Date): void {
  const writer = auditWriter(createActivityLogRepository(db));
  app.decorateRequest('activityRecorded', false);
  app.decorateRequest('activityChange', null);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!MUTATING.has(request.method) || reply.statusCode >= 400 || request.activityRecorded) return payload;
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || NOT_AUDITED.some((prefix) => request.url.startsWith(prefix))) return payload;
    try {
      await writer.load(entryOf(request, routeUrl, reply.statusCode, payload, now()));
      request.activityRecorded = true;
    } catch (error) {
      request.log.error({ err: error }, 'activity log: entry not written');
    }
    return payload;
  });
}

/**
 * Audit entries of one event-loop turn in one insert (db/batch-loader.ts): a burst of 200 joins is
 * one write, not 200 commits. Should that insert fail, each entry is tried alone, so one entry the
 * database refuses loses no other.
 */
export function auditWriter(
  repo: Pick<ReturnType<typeof createActivityLogRepository>, 'append' | 'appendMany'>,
) {
  return batchWriter(
    async (entries: readonly NewActivityLogEntry[]) => {
      await repo.appendMany(entries);
      return entries.map(() => null);
    },
    async (entry) => {
      await repo.append(entry);
      return null;
    },
  );
}

function entryOf(request: FastifyRequest, routeUrl: string, status: number, payload: unknown, at: Date) {
  const change = request.activityChange;
  const params = (request.params ?? {}) as Record<string, string>;
  const firstParam = Object.values(params)[0];
  const targetId =
    change?.targetId ?? params.id ?? firstParam ?? (status === 201 ? createdId(payload) : null) ?? '';
  const player = (request as FastifyRequest & { player?: { tag: string } | null }).player;
  return {
    at,
    userId: request.user?.id ?? sessionUserId(payload),
    ipAddress: request.ip,
    action: change?.action ?? `${request.method} ${routeUrl}`,
    targetType: change?.targetType ?? targetTypeOf(routeUrl),
    targetId,
    eventId: null,
    before: change?.before === undefined ? null : JSON.parse(JSON.stringify(change.before)),
    after: {
      status,
      ...(player?.tag ? { playerTag: player.tag } : {}),
      request: redactedBody(request.body),
      ...(change?.after === undefined ? {} : { change: JSON.parse(JSON.stringify(change.after)) }),
    },
  };
}

import { type DeliveryStep, isAllowedWebhookUrl, nextDeliveryStep, type WebhookAnswer } from '@cwh/domain';
import type { JobQueue } from '../../jobs/job-queue.js';
import { sendDeliveryJob } from './announcement-queue.js';
import { type AnnouncementParams, discordPayload } from './announcement-texts.js';
import type { AnnouncementsConfig } from './announcements-config.js';
import type { AnnouncementsRepository } from './announcements-repository.js';

export interface AnnouncementDeliveryDeps {
  repo: AnnouncementsRepository;
  jobs: JobQueue;
  config: AnnouncementsConfig;
  now: () => Date;
}

export type DeliveryRun = DeliveryStep | { kind: 'skipped'; why: string };

/** The webhook's answer, with a short reason for the console (never the address: it is a secret). */
async function post(
  url: string,
  body: unknown,
  timeoutMs: number,
): Promise<{ answer: WebhookAnswer; detail: string | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text().catch(() => '');
    if (response.ok) return { answer: { kind: 'status', status: response.status }, detail: null };
    let parsed: { message?: unknown; retry_after?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: the status says enough.
    }
    const header = Number(response.headers.get('retry-after'));
    const retryAfterSeconds =
      typeof parsed.retry_after === 'number' ? parsed.retry_after : Number.isFinite(header) ? header : null;
    const message = typeof parsed.message === 'string' ? parsed.message : text.slice(0, 200);
    return {
      answer: { kind: 'status', status: response.status, retryAfterSeconds },
      detail: `HTTP ${response.status}${message ? `: ${message.slice(0, 200)}` : ''}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    const name = error instanceof Error ? error.name : 'Error';
    return {
      answer: { kind: 'unreachable' },
      detail: `No answer (${typeof cause === 'string' ? cause : name})`,
    };
  }
}

/**
 * The `announcements.deliver` job: one attempt at posting an announcement, then the domain's
 * `nextDeliveryStep` decides. Sent: recorded. Retry (5xx, no answer, 429 after Discord's
 * retry_after): the job sends itself again with the delay, so the wait is the policy's own and not
 * pg-boss's. Refused (any other 4xx) or out of attempts: recorded as failed on the announcement and
 * as the event's last failure, which the console shows. An announcement that is no longer pending
 * (sent, failed) is skipped, so a job that runs twice posts once.
 */
export function createAnnouncementDelivery(deps: AnnouncementDeliveryDeps) {
  const { repo } = deps;

  async function deliver(announcementId: string): Promise<DeliveryRun> {
    const row = await repo.find(announcementId);
    if (!row) return { kind: 'skipped', why: 'unknown announcement' };
    if (row.status !== 'pending') return { kind: 'skipped', why: `already ${row.status}` };
    const settings = await repo.settings(row.eventId);
    const refuse = async (why: string) => {
      await repo.recordAttempt(row, {
        status: 'failed',
        attempts: row.attempts,
        lastStatus: null,
        lastError: why,
        at: deps.now(),
      });
      return { kind: 'skipped', why } as const;
    };
    if (!settings) return refuse('No webhook is set for this event');
    // The allowed bases may have changed since the organizer set it.
    if (!isAllowedWebhookUrl(settings.webhookUrl, deps.config.webhookBases))
      return refuse('The webhook address is not allowed');
    const payload = discordPayload(row.kind, row.params as AnnouncementParams, settings.locale);
    const { answer, detail } = await post(settings.webhookUrl, payload, deps.config.timeoutMs);
    const attempts = row.attempts + 1;
    const step = nextDeliveryStep(answer, attempts, deps.config.retry);
    await repo.recordAttempt(row, {
      status: step.kind === 'retry' ? 'pending' : step.kind,
      attempts,
      lastStatus: answer.kind === 'status' ? answer.status : null,
      lastError: step.kind === 'sent' ? null : detail,
      at: deps.now(),
    });
    if (step.kind === 'retry') await sendDeliveryJob(deps.jobs, row.id, { delaySeconds: step.delaySeconds });
    return step;
  }

  return { deliver };
}
export type AnnouncementDelivery = ReturnType<typeof createAnnouncementDelivery>;

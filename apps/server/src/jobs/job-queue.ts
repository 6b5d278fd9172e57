import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client.js';
import { databaseExecutor, transactionExecutor } from './job-executors.js';

/** PostgreSQL's deadlock_detected, and how often a queue creation that hit it is tried. */
const DEADLOCK = '40P01';
const QUEUE_CREATE_ATTEMPTS = 5;

/**
 * Job payloads by job name. A feature adds its jobs by declaration merging, next to its handler:
 *
 *   declare module '../../jobs/job-queue.js' {
 *     interface JobPayloads { 'war.poll': { matchSeriesId: string } }
 *   }
 *
 * so `send` and `register` are checked against the payload type. See docs/jobs.md.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the features.
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export interface SendOptions {
  /** Create the job inside this transaction: it exists only if the transaction commits. */
  tx?: Executor;
  /** Run no earlier than this many seconds from now (database clock). */
  delaySeconds?: number;
  /** Attempts after a handler throws (default 5), with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * With a queue registered with policy `short`: at most one job of this name and key waits to run;
   * sending another while one waits is a no-op (send answers null).
   */
  singletonKey?: string;
}

/**
 * pg-boss queue policy, fixed when the queue is created: `standard` (default) or `short` (at most
 * one waiting job per singleton key; a running one does not count, so a handler can send its
 * follow-up under the same key).
 */
export interface RegisterOptions {
  policy?: 'standard' | 'short';
}

/** One job of a batch (sendMany). */
export type BatchJob = {
  [N in JobName]: {
    name: N;
    payload: JobPayloads[N];
    delaySeconds?: number;
    singletonKey?: string;
  };
}[JobName];

export interface JobContext {
  id: string;
  /** How many times this job was retried after a failure (0 on the first run). */
  retryCount: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], job: JobContext) => Promise<void>;

export interface JobQueue {
  /** Registers the handler of a job name; call before start(). One handler per name. */
  register<N extends JobName>(name: N, handler: JobHandler<N>, options?: RegisterOptions): void;
  send<N extends JobName>(name: N, payload: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /**
   * Sends many jobs in one statement (pg-boss `insert`), each with its own name, delay and singleton
   * key; a job whose singleton key already waits (policy `short`) is skipped. The queues must exist
   * (after start()). Same retry defaults as send.
   */
  sendMany(jobs: readonly BatchJob[], options?: Pick<SendOptions, 'tx'>): Promise<void>;
  /**
   * Creates pg-boss's schema when missing (or migrates it), the queues of the registered handlers,
   * and starts the workers. Does nothing when no handler is registered.
   */
  start(): Promise<void>;
  /** Stops fetching; waits for running handlers up to the grace period. Safe to call twice. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  /** Whether this instance runs handlers; an instance that only sends still creates the schema. */
  work?: boolean;
  /** How often an idle worker looks for due jobs. pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

/**
 * Due jobs a worker takes per look, run one after the other, each completed or failed on its own.
 * pg-boss looks once per polling interval even when it found jobs: one per look ran a swiss round's
 * 32 no-show deadlines over a minute.
 */
export const JOB_BATCH_SIZE = 10;

/**
 * The hub's durable job queue: pg-boss on the app's own database (PostgreSQL or the embedded
 * PGlite), in its own schema `pgboss`. Jobs survive restarts: a job is a row, fetched with
 * SKIP LOCKED by whichever instance polls first, and retried when its handler throws or the
 * instance dies while running it (expiry).
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const handlers = new Map<string, JobHandler<JobName>>();
  const policies = new Map<string, 'standard' | 'short'>();
  const boss = new PgBoss({
    db: databaseExecutor(options.database) as PgBoss.Db,
    schema: 'pgboss',
    // Cron schedules are not used; their clock monitor would only add queries.
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => options.onError?.(error));
  let state: 'idle' | 'started' | 'stopped' = 'idle';

  return {
    register(name, handler, registerOptions = {}) {
      if (state !== 'idle') throw new Error(`Job handler for ${name} registered after start`);
      if (handlers.has(name)) throw new Error(`Job handler for ${name} registered twice`);
      handlers.set(name, handler as JobHandler<JobName>);
      if (registerOptions.policy) policies.set(name, registerOptions.policy);
    },

    async send(name, payload, sendOptions = {}) {
      return boss.send(name, payload as object, {
        startAfter: sendOptions.delaySeconds ? Math.max(1, Math.ceil(sendOptions.delaySeconds)) : undefined,
        retryLimit: sendOptions.retryLimit ?? 5,
        retryDelay: sendOptions.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) as PgBoss.Db } : {}),
      });
    },

    async sendMany(jobs, sendOptions = {}) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({
          name: job.name,
          data: job.payload as object,
          // pg-boss casts a text start to an interval (seconds), as send's number delay.
          ...(job.delaySeconds ? { startAfter: String(Math.max(1, Math.ceil(job.delaySeconds))) } : {}),
          retryLimit: 5,
          retryDelay: 5,
          retryBackoff: true,
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        })) as PgBoss.JobInsert[],
        sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) as PgBoss.Db } : {},
      );
    },

    async start() {
      /**
       * Creates a queue once. Instances starting together on a fresh database create the queues'
       * tables at the same moment; PostgreSQL breaks such a deadlock (40P01) by failing one of them,
       * and that one tries again (the other's queue is then there).
       */
      async function ensureQueue(name: string) {
        for (let attempt = 1; ; attempt++) {
          try {
            if (!(await boss.getQueue(name)))
              await boss.createQueue(name, { name, policy: policies.get(name) });
            return;
          } catch (error) {
            if (attempt >= QUEUE_CREATE_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK)
              throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          }
        }
      }
      if (state !== 'idle') return;
      // No handler registered, no job to run or send: pg-boss (schema check, maintenance) stays off.
      if (handlers.size === 0) return;
      state = 'started';
      await boss.start();
      for (const name of handlers.keys()) await ensureQueue(name);
      if (options.work === false) return;
      for (const [name, handler] of handlers) {
        const workOptions = {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          batchSize: JOB_BATCH_SIZE,
          includeMetadata: true,
        };
        await boss.work(name, workOptions, async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data as never, { id: job.id, retryCount: retryCountOf(job) });
            } catch (error) {
              // This job alone is failed and retried; pg-boss then completes the others of the
              // batch, which are still active.
              options.onError?.(error);
              const message = error instanceof Error ? error.message : String(error);
              await boss.fail(name, job.id, { message });
            }
          }
        });
      }
    },

    async stop() {
      if (state !== 'started') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      // close: false because the connections are the app's; it closes them itself.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}

function retryCountOf(job: unknown): number {
  const count = (job as { retryCount?: unknown }).retryCount;
  return typeof count === 'number' ? count : 0;
}

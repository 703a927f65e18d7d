import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

/**
 * The one job queue (decision 025): long work — compliance checks, redactions, Code Compliance
 * runs, later minutes summaries — runs as a job in PostgreSQL through pg-boss 10, on a real server
 * and on the embedded PGlite alike (through pg-boss's `db` option, on the app's own connection).
 * A job is retried on failure with backoff, and one whose process died is taken up again: at once
 * on PGlite (one process by nature, so a job still "active" at start is an orphan), after its
 * expiry on PostgreSQL (another process may still be running it). What a job shows the user —
 * progress, the outcome, "cancelled" — is written by the feature into its own rows, in the same
 * transaction as the result, so nothing half-done ever reads as done.
 */
export interface JobOptions {
  /** Attempts after the first (default 2). */
  retryLimit?: number;
  /** A job running longer than this is taken as dead and retried (default 300 s). */
  expireInSeconds?: number;
  /** First wait before a retry, doubled each time (default 2 s). */
  retryDelaySeconds?: number;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails: the feature should record the failure. */
  lastAttempt: boolean;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface JobQueue {
  /** Declares a queue and its handler; call before `start`. */
  define<T extends object>(name: string, handler: JobHandler<T>, opts?: JobOptions): void;
  send<T extends object>(name: string, data: T): Promise<string>;
  /** A queued job is dropped; a running one is left to notice its feature's own "cancelled" mark. */
  cancel(name: string, id: string): Promise<void>;
  state(name: string, id: string): Promise<string | null>;
  /** Runs once the queue has started (work to queue at start-up, such as a run for a changed code). */
  onStarted(fn: () => Promise<void>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const POLL_SECONDS = 0.5;

export function createJobQueue(database: Database, log: { error: (obj: unknown, msg: string) => void }): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // The queue's own housekeeping (expiry of dead jobs, deletion of old ones) every 30 s.
    maintenanceIntervalSeconds: 30,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler<object>; opts: JobOptions }>();
  const workers = new Map<string, string>();
  const afterStart: (() => Promise<void>)[] = [];
  let started = false;
  let stopped = false;

  return {
    define(name, handler, opts = {}) {
      if (started) throw new Error(`queue ${name} defined after the queue started`);
      handlers.set(name, { handler: handler as JobHandler<object>, opts });
    },
    async send(name, data) {
      const opts = handlers.get(name)?.opts ?? {};
      const id = await boss.send(name, data, {
        retryLimit: opts.retryLimit ?? 2,
        retryDelay: opts.retryDelaySeconds ?? 2,
        retryBackoff: true,
        expireInSeconds: opts.expireInSeconds ?? 300,
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      // The worker of this process takes it now instead of at its next poll.
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    async cancel(name, id) {
      await boss.cancel(name, id).catch(() => undefined);
    },
    async state(name, id) {
      return (await boss.getJobById(name, id))?.state ?? null;
    },
    onStarted(fn) {
      afterStart.push(fn);
    },
    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const [name, { handler }] of handlers) {
        await boss.createQueue(name);
        if (database.kind === 'pglite') await failOrphans(database, boss, name);
        const worker = await boss.work<object>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
          const meta = (await boss.getJobById(name, job.id)) as PgBoss.JobWithMetadata | null;
          const attempt = meta?.retryCount ?? 0;
          await handler(job.data, { id: job.id, attempt, lastAttempt: attempt >= (meta?.retryLimit ?? 0) });
        });
        workers.set(name, worker);
      }
      for (const fn of afterStart) await fn().catch((err) => log.error({ err }, 'job queue start-up work'));
    },
    async stop() {
      if (!started || stopped) return;
      stopped = true;
      // Running jobs get a few seconds to finish; one cut off is retried at the next start.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 }).catch((err) => log.error({ err }, 'job queue stop'));
    },
  };
}

/** On the embedded database only this process can be running a job: one left "active" died with the last process. */
async function failOrphans(database: Database, boss: PgBoss, name: string) {
  const { rows } = await database.executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [name]);
  const ids = (rows as { id: string }[]).map((r) => r.id);
  if (ids.length) await boss.fail(name, ids);
}

import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../db-errors';

/**
 * The one job queue (decision 025): long work — compliance checks, redactions, Code Compliance
 * runs, later minutes summaries — runs as a job in PostgreSQL through pg-boss 10, on a real server
 * and on the embedded PGlite alike (through pg-boss's `db` option, on the app's own connection).
 * A job is retried on failure with backoff, and one whose process died is taken up again: at once
 * on PGlite (one process by nature, so a job still "active" at start is an orphan); on PostgreSQL,
 * where another process may still be running it, as soon as no process holds its lock (each running
 * job holds one on its process's own connection, which ends with the process). What a job shows the user —
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
  /**
   * Jobs of this queue one process runs at once (default 1). A job that mostly waits (on the
   * database, or for its turn on a busy event loop) gets through several times faster beside others.
   */
  concurrency?: number;
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
  /** `startAfterSeconds`: not before then (a retry on the feature's own schedule, such as mail delivery). */
  send<T extends object>(name: string, data: T, opts?: { startAfterSeconds?: number }): Promise<string>;
  /** A queued job is dropped; a running one is left to notice its feature's own "cancelled" mark. */
  cancel(name: string, id: string): Promise<void>;
  state(name: string, id: string): Promise<string | null>;
  /** Runs once the queue has started (work to queue at start-up, such as a run for a changed code). */
  onStarted(fn: () => Promise<void>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const POLL_SECONDS = 0.5;
/**
 * PostgreSQL: every 5 s, an "active" job whose lock nobody holds is failed into its retry. A job
 * younger than 10 s is left alone: its worker takes the lock a moment after taking the job.
 */
const ORPHAN_SWEEP_MS = 5_000;
const ORPHAN_GRACE_SECONDS = 10;
const jobLock = (id: string) => `civicdesk:job:${id}`;

export function createJobQueue(database: Database, log: { error: (obj: unknown, msg: string) => void }): JobQueue {
  // Once stopped, a write of pg-boss's that fails is dropped: it records a job's outcome without awaiting it, so a
  // handler that outlives its 5 s stop wait writes on a database the caller may have closed, an unhandled rejection
  // (seen in CI at 341dcd9). pg-boss has already failed that job at the stop: it is retried at the next start.
  let stoppedBoss = false;
  const executeSql = (text: string, values?: unknown[]) =>
    stoppedBoss ? (async () => database.executeSql(text, values))().catch(() => ({})) : database.executeSql(text, values);
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    // The queue's own housekeeping (expiry of dead jobs, deletion of old ones) every 30 s.
    maintenanceIntervalSeconds: 30,
  } as PgBoss.ConstructorOptions);
  // While the database is away every worker's poll fails: said once a minute, not twice a second per queue.
  let quietUntil = 0;
  const reportError = (err: unknown, msg: string) => {
    if (!isDatabaseUnavailable(err)) return log.error({ err }, msg);
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 60_000;
    log.error({ err }, `${msg}: the database is not reachable; the queue carries on when it is back`);
  };
  boss.on('error', (err) => reportError(err, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler<object>; opts: JobOptions }>();
  const workers = new Map<string, string[]>();
  const afterStart: (() => Promise<void>)[] = [];
  let started = false;
  let notified = 0; // the workers of a queue are woken in turn
  let stopped = false;
  let sweeper: NodeJS.Timeout | null = null;

  return {
    define(name, handler, opts = {}) {
      if (started) throw new Error(`queue ${name} defined after the queue started`);
      handlers.set(name, { handler: handler as JobHandler<object>, opts });
    },
    async send(name, data, sendOpts = {}) {
      const opts = handlers.get(name)?.opts ?? {};
      const id = await boss.send(name, data, {
        retryLimit: opts.retryLimit ?? 2,
        retryDelay: opts.retryDelaySeconds ?? 2,
        retryBackoff: true,
        expireInSeconds: opts.expireInSeconds ?? 300,
        ...(sendOpts.startAfterSeconds ? { startAfter: Math.ceil(sendOpts.startAfterSeconds) } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      // The worker of this process takes it now instead of at its next poll.
      const ids = workers.get(name);
      if (ids && !sendOpts.startAfterSeconds) boss.notifyWorker(ids[notified++ % ids.length]);
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
      for (const [name, { handler, opts }] of handlers) {
        await boss.createQueue(name);
        if (database.kind === 'pglite') await failOrphans(database, boss, name);
        const run = async ([job]: PgBoss.Job<object>[]) => {
          // Held while the job runs: the sign, for every process, that it is not an orphan.
          const release = await database.holdLock(jobLock(job.id));
          try {
            const meta = (await boss.getJobById(name, job.id)) as PgBoss.JobWithMetadata | null;
            // Taken back as an orphan before this process held it: its retry runs it.
            if (meta && meta.state !== 'active') return;
            const attempt = meta?.retryCount ?? 0;
            await handler(job.data, { id: job.id, attempt, lastAttempt: attempt >= (meta?.retryLimit ?? 0) });
          } finally {
            await release();
          }
        };
        // pg-boss runs one job at a time per worker: a queue's concurrency is that many workers.
        const ids: string[] = [];
        for (let i = 0; i < Math.max(1, opts.concurrency ?? 1); i++) ids.push(await boss.work<object>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, run));
        workers.set(name, ids);
      }
      if (database.kind === 'postgres') {
        const sweep = () => failDeadProcessJobs(database, boss, [...handlers.keys()]).catch((err) => reportError(err, 'job queue orphan sweep'));
        await sweep();
        sweeper = setInterval(sweep, ORPHAN_SWEEP_MS);
        sweeper.unref();
      }
      for (const fn of afterStart) await fn().catch((err) => log.error({ err }, 'job queue start-up work'));
    },
    async stop() {
      if (!started || stopped) return;
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      // Running jobs get a few seconds to finish; one cut off is retried at the next start.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 }).catch((err) => log.error({ err }, 'job queue stop'));
      stoppedBoss = true;
    },
  };
}

/** On the embedded database only this process can be running a job: one left "active" died with the last process. */
async function failOrphans(database: Database, boss: PgBoss, name: string) {
  const { rows } = await database.executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [name]);
  const ids = (rows as { id: string }[]).map((r) => r.id);
  if (ids.length) await boss.fail(name, ids);
}

/** PostgreSQL: "active" jobs whose process is gone (nobody holds their lock) are failed into their retry. */
async function failDeadProcessJobs(database: Database, boss: PgBoss, names: string[]) {
  // The lock is tried only on active jobs past the grace (MATERIALIZED keeps the filter first), and
  // only for the statement: a transaction-scoped lock ends with it.
  const { rows } = await database.executeSql(
    `WITH candidates AS MATERIALIZED (
       SELECT name, id FROM pgboss.job
        WHERE name = ANY($1::text[]) AND state = 'active' AND started_on < now() - make_interval(secs => $2)
     )
     SELECT name, id FROM candidates WHERE pg_try_advisory_xact_lock(hashtextextended('civicdesk:job:' || id::text, 0))`,
    [names, ORPHAN_GRACE_SECONDS],
  );
  for (const { name, id } of rows as { name: string; id: string }[]) await boss.fail(name, id, { message: 'the process running this job stopped' });
}

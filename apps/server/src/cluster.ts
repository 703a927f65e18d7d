import cluster, { type Worker } from 'node:cluster';

/**
 * The primary of `WORKERS=N` (node:cluster): N app processes sharing one port, each a whole server
 * on the same PostgreSQL (what must hold across them lives there, decision 002). A process that
 * dies is replaced, after 1 s and then up to 30 s when it keeps dying young; a stop signal stops
 * every process and then the primary.
 */
export function runWorkers(count: number, log: (message: string) => void) {
  let stopping = false;
  let delayMs = 1000;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork({ CIVICDESK_CLUSTER_WORKER: '1' }), Date.now());
  for (let i = 0; i < count; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (!startedAt.size) process.exit(0);
      return;
    }
    log(`app process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another in ${delayMs / 1000} s`);
    setTimeout(fork, delayMs);
    // One that lived a minute resets the back-off; one that died young doubles it.
    delayMs = lived > 60_000 ? 1000 : Math.min(delayMs * 2, 30_000);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    if (!startedAt.size) process.exit(0);
    // A process that does not stop within 15 s is ended.
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGTERM'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** True in a process the primary started. */
export const isClusterWorker = () => cluster.isWorker && process.env.CIVICDESK_CLUSTER_WORKER === '1';

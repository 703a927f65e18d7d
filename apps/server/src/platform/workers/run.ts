import { Worker } from 'node:worker_threads';

/**
 * Runs `fn(input)` of a module in a worker thread, so CPU-bound work (reading a 200-page transcript)
 * never holds the event loop other users' requests wait on. The input and the result are plain data
 * (structured clone). One short-lived thread per task: the tasks that need one run as jobs, where
 * the thread's start (a few hundred milliseconds) does not matter.
 */
export function runInWorker<T>(module: URL, fn: string, input: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL('./bootstrap.mjs', import.meta.url), { workerData: { module: module.href, fn, input } });
    let settled = false;
    worker.once('message', (m: { ok: boolean; value?: T; error?: string }) => {
      settled = true;
      if (m.ok) resolve(m.value as T);
      else reject(new Error(m.error));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the worker stopped (exit code ${code}) before it answered`));
    });
  });
}

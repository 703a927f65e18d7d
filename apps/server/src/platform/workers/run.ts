import { Worker } from 'node:worker_threads';
import { type WorkerModule, workerEntryUrl, workerModuleUrl } from './tasks';

type Reply<T> = { id?: number; ok: boolean; value?: T; error?: string };

/**
 * Runs `fn(input)` of a worker module in a thread of its own, so CPU-bound work (reading a 200-page
 * transcript) never holds the event loop other users' requests wait on. The input and the result
 * are plain data (structured clone). One short-lived thread per task: the tasks that need one run
 * as jobs, where the thread's start (a few hundred milliseconds) does not matter.
 */
export function runInWorker<T>(module: WorkerModule, fn: string, input: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(workerEntryUrl(), { workerData: { module: workerModuleUrl(module).href, fn, input } });
    let settled = false;
    worker.once('message', (m: Reply<T>) => {
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

/**
 * A long-lived thread serving calls to a worker module's functions (a model kept loaded between
 * calls). The thread does not keep the process alive; if it dies, pending calls fail and the next
 * call starts a new one.
 */
export function startWorkerService(module: WorkerModule) {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };
  const thread = () => {
    if (worker) return worker;
    const w = new Worker(workerEntryUrl(), { workerData: { module: workerModuleUrl(module).href } });
    w.unref();
    w.on('message', (m: Reply<unknown>) => {
      const p = pending.get(m.id!);
      if (!p) return;
      pending.delete(m.id!);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => failAll(new Error(`the worker stopped (exit code ${code})`)));
    return (worker = w);
  };
  return {
    call<T>(fn: string, input: unknown): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        thread().postMessage({ id, fn, input });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}

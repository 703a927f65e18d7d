import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@civicdesk/contract';
import { AppError } from '../errors';
import { WORKER_MODULES, type WorkerModule, workerEntryUrl, workerModuleUrl } from './tasks';

type Reply<T> = { id?: number; ok: boolean; value?: T; error?: string; code?: ErrorCode; progress?: unknown };

/** The thread's failure as the caller's: an AppError stays one (its code and message), anything else is an Error. */
const failureOf = (m: Reply<unknown>) => (m.code ? new AppError(m.code, m.error ?? '') : new Error(m.error));

/**
 * A call that went past its thread's limits: the thread was stopped. `limit` says which, and the
 * message says it in words an administrator can act on; a job that gets one fails for good, since
 * the same input would go past the same limit again.
 */
export class WorkerLimitError extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerLimits {
  /** The thread's JavaScript heap (V8's old generation), in MB. */
  maxHeapMb: number;
  timeoutMs: number;
}

const limitsOf = (module: WorkerModule, given?: Partial<WorkerLimits>): WorkerLimits => ({ maxHeapMb: WORKER_MODULES[module].maxHeapMb, timeoutMs: WORKER_MODULES[module].timeoutMs, ...given });
const overTime = (limits: WorkerLimits) => new WorkerLimitError('time', `the work took longer than ${Number((limits.timeoutMs / 1000).toFixed(1))} s, the limit`);
const overMemory = (limits: WorkerLimits) => new WorkerLimitError('memory', `the work needed more than ${limits.maxHeapMb} MB of memory, the limit`);
const isOutOfMemory = (err: unknown) => (err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY';

function startThread(module: WorkerModule, limits: WorkerLimits, workerData: object) {
  return new Worker(workerEntryUrl(), {
    workerData: { module: workerModuleUrl(module).href, ...workerData },
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
  });
}

/**
 * Runs `fn(input)` of a worker module in a thread of its own, so CPU-bound work (reading a 200-page
 * transcript, a city's code book) never holds the event loop other users' requests wait on, within
 * the module's limits of heap and time (tasks.ts; `limits` narrows them for one call). The input and
 * the result are plain data (structured clone). One short-lived thread per task: the tasks that need
 * one run as jobs, where the thread's start (a few hundred milliseconds) does not matter.
 */
export function runInWorker<T, P = never>(module: WorkerModule, fn: string, input: unknown, given?: Partial<WorkerLimits>, onProgress?: (progress: P) => void): Promise<T> {
  const limits = limitsOf(module, given);
  return new Promise<T>((resolve, reject) => {
    const worker = startThread(module, limits, { fn, input });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(overTime(limits))), limits.timeoutMs);
    worker.on('message', (m: Reply<T>) => {
      if ('progress' in m) onProgress?.(m.progress as P);
      else settle(() => (m.ok ? resolve(m.value as T) : reject(failureOf(m))));
    });
    worker.once('error', (err) => settle(() => reject(isOutOfMemory(err) ? overMemory(limits) : err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the worker stopped (exit code ${code}) before it answered`))));
  });
}

/**
 * A long-lived thread serving calls to a worker module's functions (a model kept loaded between
 * calls), within the module's heap limit; a call past its time stops the thread (its other calls
 * fail with it) and the next call starts a new one. The thread does not keep the process alive.
 */
export function startWorkerService(module: WorkerModule) {
  const limits = limitsOf(module);
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    pending.clear();
    worker = null;
  };
  const thread = () => {
    if (worker) return worker;
    const w = startThread(module, limits, {});
    w.unref();
    w.on('message', (m: Reply<unknown>) => {
      const p = pending.get(m.id!);
      if (!p) return;
      pending.delete(m.id!);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.value);
      else p.reject(failureOf(m));
    });
    w.on('error', (err) => {
      if (worker === w) failAll(isOutOfMemory(err) ? overMemory(limits) : err);
    });
    w.on('exit', (code) => {
      if (worker === w) failAll(new Error(`the worker stopped (exit code ${code})`));
    });
    return (worker = w);
  };
  return {
    call<T>(fn: string, input: unknown): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const w = thread();
        const timer = setTimeout(() => {
          if (worker !== w) return;
          failAll(overTime(limits));
          void w.terminate();
        }, limits.timeoutMs);
        timer.unref();
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        w.postMessage({ id, fn, input });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED, SERVER_ROOT, SERVER_SRC } from '../../paths';

/**
 * The modules that run in worker threads, by name: their source under src/, and in the compiled
 * bundle their own entry file `dist/worker-<name>.js` (scripts/build-server.mjs builds one per name).
 */
export const WORKER_MODULES = {
  'minutes-reader': 'modules/minutes/reader/index.ts',
  'code-book-reader': 'modules/locations/code-book/index.ts',
  'query-embedder': 'platform/retrieval/embedder-thread.ts',
} as const;
export type WorkerModule = keyof typeof WORKER_MODULES;

export function workerModuleUrl(name: WorkerModule): URL {
  return pathToFileURL(COMPILED ? path.join(SERVER_ROOT, 'dist', `worker-${name}.js`) : path.join(SERVER_SRC, WORKER_MODULES[name]));
}

/** The thread's entry: in development it loads TypeScript through tsx first. */
export function workerEntryUrl(): URL {
  return pathToFileURL(COMPILED ? path.join(SERVER_ROOT, 'dist', 'worker-entry.js') : path.join(SERVER_SRC, 'platform/workers/bootstrap.mjs'));
}

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED, SERVER_ROOT, SERVER_SRC } from '../../paths';

/**
 * The modules that run in worker threads, by name: their source under src/, and in the compiled
 * bundle their own entry file `dist/worker-<name>.js` (scripts/build-server.mjs builds one per name);
 * and the limits every call of theirs runs under (run.ts): a thread past its heap or its time is
 * stopped and the call fails with the reason, so no input can hold the process's memory or a job
 * queue for ever.
 */
export const WORKER_MODULES = {
  'minutes-reader': { source: 'modules/minutes/reader/index.ts', maxHeapMb: 512, timeoutMs: 120_000 },
  // A city's import: a whole code book (up to 100 files, 250 MB in all, decision 033) read and spooled to
  // disk. The import job gives the operator's limits (IMPORT_MEMORY_LIMIT_MB, IMPORT_TIME_LIMIT_SECONDS).
  'city-import-reader': { source: 'modules/locations/import-thread.ts', maxHeapMb: 3072, timeoutMs: 20 * 60_000 },
  'query-embedder': { source: 'platform/retrieval/embedder-thread.ts', maxHeapMb: 1024, timeoutMs: 120_000 },
  // An uploaded PDF's or DOCX's text (25 MB at most; mammoth holds some 20 times the XML it reads).
  'file-text': { source: 'platform/files/text-thread.ts', maxHeapMb: 1024, timeoutMs: 120_000 },
  // A scan's pages read by OCR (decision 039): pdf.js decodes page images of up to 40 megapixels here;
  // at 4-11 s a page, 200 pages (the most one call reads) take up to about 40 minutes.
  ocr: { source: 'platform/files/ocr/thread.ts', maxHeapMb: 1024, timeoutMs: 45 * 60_000 },
} as const;
export type WorkerModule = keyof typeof WORKER_MODULES;

export function workerModuleUrl(name: WorkerModule): URL {
  return pathToFileURL(COMPILED ? path.join(SERVER_ROOT, 'dist', `worker-${name}.js`) : path.join(SERVER_SRC, WORKER_MODULES[name].source));
}

/** The thread's entry: in development it loads TypeScript through tsx first. */
export function workerEntryUrl(): URL {
  return pathToFileURL(COMPILED ? path.join(SERVER_ROOT, 'dist', 'worker-entry.js') : path.join(SERVER_SRC, 'platform/workers/bootstrap.mjs'));
}

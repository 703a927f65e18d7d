import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker as Thread } from 'node:worker_threads';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { SERVER_SRC } from '../../../paths';

/**
 * Tesseract (tesseract.js 7: the C++ engine compiled to WebAssembly, run in a worker thread) with
 * everything it needs from this machine's node_modules. Nothing is downloaded and nothing is written:
 * - the English model from @tesseract.js-data/eng, its `4.0.0_best_int` folder (tessdata_best,
 *   LSTM only, integer weights, 2.9 MB gzipped), read from disk;
 * - the engine from tesseract.js-core, which tesseract.js's Node worker requires from disk (there
 *   `corePath` is not used);
 * - `cacheMethod: 'none'`: tesseract.js would otherwise copy the unpacked model into the working
 *   folder (`./eng.traineddata`) and read it from there next time;
 * - the thread runs sealed-worker.cjs, which takes the network away before tesseract.js loads.
 */
const resolveFrom = createRequire(import.meta.url);
export const ENGLISH_MODEL_DIR = path.join(path.dirname(resolveFrom.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
/** Beside this file in the sources; found there from the compiled bundle too (src/ ships with it). */
export const SEALED_WORKER = path.join(SERVER_SRC, 'platform/files/ocr/sealed-worker.cjs');

export interface Reading {
  text: string;
  /** Tesseract's mean word confidence, 0..100 (0 when no word was found). */
  confidence: number;
}

export interface OcrEngine {
  /** The text of one image (PBM or PGM bytes) drawn at `dpi`. Rejects if the engine fails, or with the signal's reason. */
  read(image: Buffer, dpi: number, signal?: AbortSignal): Promise<Reading>;
  /** Ends the thread; safe to call twice, and after a failure. */
  close(): Promise<void>;
}

/** Where the model is read from: tests give a URL to prove the seal holds. */
export interface EngineOptions {
  langPath?: string;
}

export async function startEngine(options: EngineOptions = {}, signal?: AbortSignal): Promise<OcrEngine> {
  signal?.throwIfAborted();
  // A model that fails to load rejects only tesseract.js's internal promise: createWorker never
  // settles. Its errorHandler hears of it, so that ends the start (and the sealed thread ends itself).
  let startFailed: (reason: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (startFailed = reject));
  let started = false;
  const creating = createWorker('eng', OEM.LSTM_ONLY, {
    langPath: options.langPath ?? ENGLISH_MODEL_DIR,
    gzip: true,
    cacheMethod: 'none',
    workerPath: SEALED_WORKER,
    // Also: without a handler tesseract.js throws a failed job's message from its message listener,
    // an uncaught error in this process; the job's own promise rejects all the same.
    errorHandler: (reason) => {
      if (!started) startFailed(reason);
    },
  });
  const worker = await withAbort(
    Promise.race([creating, failure]).catch((reason) => {
      throw new Error(`The OCR engine could not start: ${String(reason).replace(/^Error: /, '')}`);
    }),
    signal,
    (late) => void late.terminate(),
  );
  started = true;
  return engineAround(worker);
}

function engineAround(worker: Worker): OcrEngine {
  // tesseract.js keeps the Node worker on the object (not in its types); it sets `onerror`, which
  // a Node Worker never calls, so a thread that dies would otherwise leave its job waiting.
  const thread = (worker as unknown as { worker?: Thread }).worker;
  let closed = false;
  let died: (reason: Error) => void = () => undefined;
  const death = new Promise<never>((_, reject) => (died = reject));
  death.catch(() => undefined);
  thread?.on('error', (err) => died(new Error(`The OCR engine failed: ${err.message}`)));
  thread?.on('exit', (code) => died(new Error(`The OCR engine stopped (exit code ${code})`)));

  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.all([worker.terminate(), thread?.terminate()]).catch(() => undefined);
  };

  return {
    async read(image, dpi, signal) {
      if (closed) throw new Error('The OCR engine was closed');
      const job = worker
        // tesseract's own diagnostics ("Image too small to scale!!" for a speck) go to the wasm
        // file system's /dev/null rather than this process's stdout.
        .recognize(image, { user_defined_dpi: String(dpi), debug_file: '/dev/null' } as never)
        .then(({ data }) => ({ text: data.text ?? '', confidence: data.confidence ?? 0 }))
        .catch((reason) => {
          throw reason instanceof Error ? reason : new Error(String(reason));
        });
      try {
        return await withAbort(Promise.race([job, death]), signal);
      } catch (err) {
        // An aborted or failed engine is not trusted with another page.
        await close();
        throw err;
      }
    },
    close,
  };
}

/** `work`, or the signal's reason as soon as it fires; what arrives after an abort is handed to `late`. */
function withAbort<T>(work: Promise<T>, signal?: AbortSignal, late?: (value: T) => void): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      work.then((value) => late?.(value), () => undefined);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

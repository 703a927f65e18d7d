// A worker thread's loop (run.ts starts it): imports the task's module, then answers either one call
// (workerData.fn) or, for a long-lived service thread, every {id, fn, input} message until closed.
import { parentPort, workerData } from 'node:worker_threads';

type Message = { id: number; fn: string; input: unknown };
const port = parentPort!;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** An AppError's code crosses with its message, so the caller answers it as the same error (a 413 stays a 413). */
const failure = (err: unknown) => {
  const code = (err as { code?: unknown; status?: unknown })?.code;
  return { ok: false, error: errorText(err), ...(typeof code === 'string' && typeof (err as { status?: unknown }).status === 'number' ? { code } : {}) };
};

const mod = (await import(workerData.module)) as Record<string, (input: unknown, progress?: (value: unknown) => void) => unknown>;
if (workerData.fn) {
  try {
    // A one-call task may tell how far it is (an OCR job's pages): sent before its answer, as { progress }.
    port.postMessage({ ok: true, value: await mod[workerData.fn](workerData.input, (progress) => port.postMessage({ progress })) });
  } catch (err) {
    port.postMessage(failure(err));
  }
} else {
  port.on('message', async ({ id, fn, input }: Message) => {
    try {
      port.postMessage({ id, ok: true, value: await mod[fn](input) });
    } catch (err) {
      port.postMessage({ id, ...failure(err) });
    }
  });
}

// The entry of a worker thread (run.ts): TypeScript modules load through tsx, as in the main thread;
// the named function is called with the task's input and its result posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
try {
  const mod = await import(workerData.module);
  parentPort.postMessage({ ok: true, value: await mod[workerData.fn](workerData.input) });
} catch (err) {
  parentPort.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}

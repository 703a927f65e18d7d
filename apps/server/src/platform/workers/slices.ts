/** How long a slice of CPU-bound work may hold the event loop before it lets waiting requests run. */
export const SLICE_MS = 20;

/**
 * One turn of the event loop for background work, shared by every build in the process. Builds
 * that each yielded with their own setImmediate all resumed in the same check phase, one after the
 * other, so with three running at once (search index, code index, a Code Compliance run) a request
 * waited for three slices. Here the waiting builds form one queue and a single immediate resumes
 * one of them per turn of the loop: between two slices of any builds, requests always get a turn.
 */
const waiting: (() => void)[] = [];
let pumping = false;

function pump() {
  waiting.shift()?.();
  if (waiting.length) setImmediate(pump);
  else pumping = false;
}

export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });
}

/**
 * Cooperative slicing for long builds that run on the event loop (an index of 21,000 sections):
 * call `pause()` in the loop; it returns at once until `sliceMs` have passed since the last turn,
 * then waits for its turn of the event loop (yieldTurn), so no request waits more than about a
 * slice on the builds.
 */
export function createSlicer(sliceMs = SLICE_MS) {
  let started = performance.now();
  /** A turn of the event loop whatever the time used (between pages of a query). */
  const turn = async (): Promise<void> => {
    await yieldTurn();
    started = performance.now();
  };
  return {
    /** True when the current slice is used up (check it in a hot loop; await pause() only then). */
    due: () => performance.now() - started >= sliceMs,
    async pause(): Promise<void> {
      if (performance.now() - started >= sliceMs) await turn();
    },
    turn,
  };
}
export type Slicer = ReturnType<typeof createSlicer>;

/** The longest rest `restAfter` takes, so background work always moves on. */
const MAX_REST_MS = 250;

/**
 * For background work that writes to the database a batch at a time (a city's import): rests as long
 * as the batch took since `startedAt` (at most a quarter of a second), so other users' requests have
 * the database half the time. The embedded database runs each statement on this event loop and one
 * at a time: without the rest, a request of five queries waited behind five batches (p50 208 ms
 * measured, against 4 ms with it); the import takes about twice as long.
 */
export function restAfter(startedAt: number): Promise<void> {
  const worked = performance.now() - startedAt;
  return new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, Math.max(1, worked))));
}

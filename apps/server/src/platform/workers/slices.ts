import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a slice of CPU-bound work may hold the event loop before it lets waiting requests run. */
export const SLICE_MS = 20;

/**
 * Cooperative slicing for long builds that run on the event loop (an index of 21,000 sections):
 * call `pause()` in the loop; it returns at once until `sliceMs` have passed since the last turn,
 * then waits one turn of the event loop, so no request waits more than about a slice on the build.
 */
export function createSlicer(sliceMs = SLICE_MS) {
  let started = performance.now();
  return {
    /** True when the current slice is used up (check it in a hot loop; await pause() only then). */
    due: () => performance.now() - started >= sliceMs,
    async pause(): Promise<void> {
      if (performance.now() - started < sliceMs) return;
      await nextTurn();
      started = performance.now();
    },
  };
}
export type Slicer = ReturnType<typeof createSlicer>;

import { describe, expect, it } from 'vitest';
import { createSlicer } from './slices';

const SLICE_MS = 10;

/** A build's CPU work: `totalMs` of busy loop, checking the slicer as index builds do. */
async function build(totalMs: number) {
  const slicer = createSlicer(SLICE_MS);
  const end = performance.now() + totalMs;
  while (performance.now() < end) {
    if (slicer.due()) await slicer.pause();
    for (let i = 0; i < 1000; i++) Math.sqrt(i);
  }
}

/** How late a 1 ms timer fires, again and again, while `work` runs: what a request waits. */
async function waitsDuring(work: Promise<unknown>) {
  const delays: number[] = [];
  let done = false;
  void work.then(() => (done = true));
  while (!done) {
    const asked = performance.now();
    await new Promise((r) => setTimeout(r, 1));
    delays.push(performance.now() - asked);
  }
  return delays.sort((a, b) => a - b);
}

describe('slices of background work', () => {
  it('three builds at once still give the event loop a turn after every slice, not after one slice of each', async () => {
    const delays = await waitsDuring(Promise.all([build(300), build(300), build(300)]));
    const median = delays[Math.floor(delays.length / 2)];
    // One slice (10 ms) between turns; builds that each took their own turn made it three (30 ms).
    expect(median).toBeLessThan(2 * SLICE_MS);
    // And turns all along the 300 ms: more than one per three slices (10 in 300 ms). Not one per slice (30):
    // on a busy machine (the suite's other files run beside this one) a turn came 19 times in a CI run.
    expect(delays.length).toBeGreaterThan(300 / (3 * SLICE_MS));
  });

  it('every build finishes, sharing the turns', async () => {
    const finished: number[] = [];
    await Promise.all([1, 2, 3].map((n) => build(50).then(() => finished.push(n))));
    expect(finished.sort()).toEqual([1, 2, 3]);
  });
});

import { performance } from 'node:perf_hooks';
import { describe, expect } from 'vitest';

/**
 * Does a reader's time grow linearly with its input (issue 29)? The input is read at 1, 2 and 4 MB,
 * twice each, and the faster run of each size kept (the other carries the machine's noise: a
 * collection, a neighbour's test). Linear reading takes about 4 times as long at 4 MB as at 1 MB,
 * quadratic about 16.
 *
 * Each run is timed on two clocks: performance.now(), the time a user would wait, and the CPU time
 * the process spent reading (process.cpuUsage). The growth and the ceiling are judged on the second:
 * other processes on a shared 2-core machine stretch the first by two or three times, at random.
 */
export const MB = 1024 * 1024;
/**
 * The readers touch no database: their timing runs once, in the PGlite pass of `npm test`, not again
 * in the PostgreSQL pass (four minutes of CI that would prove nothing new).
 */
export const describeLinear = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));
const SIZES = [1 * MB, 2 * MB, 4 * MB];
/** 4 MB / 1 MB: 4 when linear, 16 when quadratic; the room between is for collections and caches. */
const MAX_GROWTH = 8;
/** CPU time for 4 MB of the worst layout on a slow CI machine (real code books read at several MB a second). */
const CEILING_MS = 10_000;
/** Below this a run is too short to time: the growth is taken from here. */
const FLOOR_MS = 50;
const RUNS = 2;

export interface Growth {
  /** The fastest run at 1, 2 and 4 MB, by the clock on the wall and in CPU time. */
  wallMs: number[];
  cpuMs: number[];
}

function fastest(read: () => void): { wall: number; cpu: number } {
  let wall = Infinity;
  let cpu = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    read();
    wall = Math.min(wall, performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

/**
 * Times `read` on `make(bytes)` at each size. A reader at least linear cannot read 4 MB faster than
 * its time at a smaller size scaled up, so a size that projects past the ceiling fails at once
 * (the old quadratic readers would otherwise run for hours).
 */
export function expectLinearGrowth<T>(make: (bytes: number) => T, read: (input: T) => unknown, opts: { ceilingMs?: number } = {}): Growth {
  const ceiling = opts.ceilingMs ?? CEILING_MS;
  const growth: Growth = { wallMs: [], cpuMs: [] };
  // Compiled first, on a small input; then a quarter of a megabyte, which may already project past the ceiling.
  read(make(16 * 1024));
  const warm = make(SIZES[0] / 4);
  const cpuBefore = process.cpuUsage();
  read(warm);
  const used = process.cpuUsage(cpuBefore);
  const warmMs = (used.user + used.system) / 1000;
  expect(warmMs * 16, `0.25 MB took ${warmMs.toFixed(0)} ms of CPU: 4 MB would take over ${ceiling} ms`).toBeLessThan(ceiling);
  for (const size of SIZES) {
    const input = make(size);
    const { wall, cpu } = fastest(() => read(input));
    growth.wallMs.push(wall);
    growth.cpuMs.push(cpu);
    const projected = cpu * (SIZES[SIZES.length - 1] / size);
    expect(projected, `${timesOf(growth)}: 4 MB would take over ${ceiling} ms of CPU`).toBeLessThan(ceiling);
  }
  let [first, , last] = growth.cpuMs;
  // A busy machine can make one size's both runs slow (a collection under a neighbour's load: 60, 125 and
  // 494 ms of CPU for a linear reader in CI): past the bound, each size is read again and its fastest
  // run kept. A quadratic reader stays about 16 however often it is timed.
  if (last / Math.max(first, FLOOR_MS) >= MAX_GROWTH) {
    SIZES.forEach((size, k) => {
      const { wall, cpu } = fastest(() => read(make(size)));
      growth.wallMs[k] = Math.min(growth.wallMs[k], wall);
      growth.cpuMs[k] = Math.min(growth.cpuMs[k], cpu);
    });
    [first, , last] = growth.cpuMs;
  }
  const ratio = last / Math.max(first, FLOOR_MS);
  expect(ratio, `${timesOf(growth)}: 4 MB took ${ratio.toFixed(1)} times the CPU time of 1 MB`).toBeLessThan(MAX_GROWTH);
  return growth;
}

const timesOf = (growth: Growth) =>
  growth.wallMs.map((wall, k) => `${2 ** k} MB ${wall.toFixed(0)} ms${growth.cpuMs[k] === undefined ? '' : ` (CPU ${growth.cpuMs[k].toFixed(0)} ms)`}`).join(', ');

/** `unit` repeated to exactly `bytes` characters (ASCII units: characters are bytes). */
export const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

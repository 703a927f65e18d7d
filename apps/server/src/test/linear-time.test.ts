import { expect, it } from 'vitest';
import { describeLinear, expectLinearGrowth, MB } from './linear-time';

/**
 * The harness itself: a reader whose CPU time grows with the square of its input fails, however
 * often it is timed, and a linear one passes. Both are made-up readers that spend CPU in proportion
 * to (bytes / MB) or its square, so the test takes about two seconds.
 */
function spin(ms: number) {
  const until = process.cpuUsage().user / 1000 + ms;
  let x = 0;
  while (process.cpuUsage().user / 1000 < until) x++;
  return x;
}

describeLinear('expectLinearGrowth', () => {
  it('fails a reader that takes the square of its input, and passes one that takes its input', () => {
    expect(() => expectLinearGrowth((n) => n, (n) => spin(25 * (n / MB) ** 2))).toThrow(/times the CPU time of 1 MB/);
    expect(() => expectLinearGrowth((n) => n, (n) => spin(60 * (n / MB)))).not.toThrow();
  }, 60_000);
});

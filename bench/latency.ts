import type autocannon from 'autocannon';

/** autocannon reports p90 and p97.5 but not p95: interpolate between them from its histogram. */
export function pct95(r: autocannon.Result): string {
  const l = r.latency as unknown as Record<string, number>;
  if (typeof l.p95 === 'number') return String(l.p95);
  return ((l.p90 + l.p97_5) / 2).toFixed(1);
}

import type autocannon from 'autocannon';

/** autocannon reports p90 and p97.5 but not p95: interpolate between them from its histogram. */
export function pct95(r: autocannon.Result): string {
  const l = r.latency as unknown as Record<string, number>;
  if (typeof l.p95 === 'number') return String(l.p95);
  return ((l.p90 + l.p97_5) / 2).toFixed(1);
}

type Injector = { inject: (opts: { url: string; headers: Record<string, string> }) => Promise<{ statusCode: number }> };

/**
 * Other users' requests while a long job runs: each route in turn, 10 ms apart, timed, from `start`
 * until the stop it returns (started again, it adds to the same figures). `rows` are the table the
 * benches print: route, requests, not 200, p50, p95, aim.
 */
export function otherUsers(routes: [name: string, url: string][]) {
  const latencies: Record<string, number[]> = Object.fromEntries(routes.map(([name]) => [name, []]));
  const errors: Record<string, number> = {};
  return {
    start(app: Injector, headers: Record<string, string>) {
      let running = true;
      const loop = (async () => {
        while (running) {
          for (const [name, url] of routes) {
            const t = performance.now();
            const res = await app.inject({ url, headers });
            latencies[name].push(performance.now() - t);
            if (res.statusCode !== 200) errors[name] = (errors[name] ?? 0) + 1;
          }
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      return async () => {
        running = false;
        await loop;
      };
    },
    rows: (aim: string, percentile: (values: number[], p: number) => number) =>
      Object.entries(latencies).map(([route, l]) => [route, String(l.length), String(errors[route] ?? 0), `${percentile(l, 50).toFixed(0)} ms`, `${percentile(l, 95).toFixed(0)} ms`, aim]),
  };
}

// A Legistar server that answers with huge lists (issue 29), run by `npm run bench:city-import` (or
// alone: `-- --legistar-only`): a local server of the bench's own plays a city's Legistar Web API
// whose 300 meetings each list 1,000 items of 10 KB (10 MB a meeting, under the client's 12 MB cap
// per answer; 3 GB in all), none of them an item of business, so the figures are the reader's, not
// the database's. The import runs through the API on the demo deployment; measured: the process's
// resident memory above its level before the import, and the time. A review measured +1.4 GB when
// every answer was held until the end.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDemoApp } from '../apps/server/eval/demo-app';
import { formatTable } from '../apps/server/eval/table';

const MEETINGS = 300;
const ITEMS = 1_000;
const NOTE = 'x'.repeat(10_000);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The fake API: events, each event's items written out as they are sent (the fake holds none of it). */
function hugeLegistar() {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    res.writeHead(200, { 'content-type': 'application/json' });
    if (/\/events$/.test(path)) {
      const skip = Number(new URL(req.url ?? '/', 'http://fake').searchParams.get('$skip') ?? 0);
      const events = skip ? [] : Array.from({ length: MEETINGS }, (_, k) => ({ EventId: k + 1, EventBodyName: 'City Council', EventDate: `2025-${String((k % 12) + 1).padStart(2, '0')}-01T00:00:00` }));
      return res.end(JSON.stringify(events));
    }
    const items = /\/events\/(\d+)\/eventitems$/.exec(path);
    if (!items) return res.end('[]');
    res.write('[');
    for (let i = 0; i < ITEMS; i++) res.write(`${i ? ',' : ''}{"EventItemId":${Number(items[1]) * 10_000 + i},"EventItemAgendaNumber":null,"EventItemTitle":"Public comment ${i}","EventItemAgendaNote":"${NOTE}"}`);
    res.end(']');
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) })),
  );
}

export async function benchLegistarMemory() {
  const fake = await hugeLegistar();
  console.log(`\nA Legistar API answering ${MEETINGS} meetings of ${ITEMS.toLocaleString('en-US')} items each (${mb(MEETINGS * ITEMS * 10_100)} in all)...`);
  const demo = await startDemoApp({ code: false, env: { LEGISTAR_ALLOWED_HOSTS: new URL(fake.url).host, RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' } });
  try {
    const admin = await demo.headers('admin@civicdesk.test');
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const submitted = await demo.app.inject({ method: 'POST', url: '/api/location/DC/imports', headers: admin, payload: { source: 'legistar', client: 'huge', since: '2025-01-01', base_url: fake.url } });
    if (submitted.statusCode !== 202) throw new Error(`the import answered ${submitted.statusCode}: ${submitted.body}`);
    let record: { job_state: string; counts: Record<string, number>; error: string | null };
    for (;;) {
      record = (await demo.app.inject({ url: `/api/location/DC/imports/${submitted.json().id}`, headers: admin })).json();
      if (!['queued', 'running'].includes(record.job_state)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    clearInterval(sampler);
    if (record.job_state !== 'completed') throw new Error(`the import ended ${record.job_state}: ${record.error}`);
    console.log(
      formatTable(
        ['Legistar answers read', 'meetings stored', 'items skipped', 'time', 'memory before', 'peak during the import'],
        [[mb(MEETINGS * ITEMS * 10_100), String(record.counts.meetings), record.counts.skipped_items.toLocaleString('en-US'), `${((performance.now() - t0) / 1000).toFixed(0)} s`, mb(before), `${mb(peak)} (+${mb(peak - before)})`]],
      ),
    );
  } finally {
    await demo.close();
    await fake.close();
  }
}

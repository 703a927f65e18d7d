// npm run bench:minutes — the Summarizer on the demo city (embedded PGlite), offline:
//  1. a 200-page fictional transcript (eval/minutes/make-long-transcript.ts, about 92,000 words)
//     uploaded as a TXT file through POST /api/minutes and summarized as a job: time from upload to
//     summary and peak memory (aim < 10 s), and what it found against the generator's labels;
//  2. the API for other users while it runs: GET /minutes/history and GET /agenda (the agenda list),
//     p50/p95 (aim p95 < 100 ms): the reading runs in a worker thread, not on the event loop.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoApp } from '../apps/server/eval/demo-app';
import { multipartBody } from '../apps/server/src/test/multipart';
import { formatTable, percentile } from '../apps/server/eval/table';
import { otherUsers } from './latency';

const here = dirname(fileURLToPath(import.meta.url));
const WORDS = Number(process.env.BENCH_WORDS ?? 92_000);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function longTranscript() {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-minutes-')), 'transcript.txt');
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const log = execFileSync(process.execPath, [tsx, resolve(here, '../apps/server/eval/minutes/make-long-transcript.ts'), out, '--words', String(WORDS)], { encoding: 'utf8' });
  const labels = JSON.parse(readFileSync(out.replace(/\.txt$/, '.labels.json'), 'utf8')) as { motions: { text: string }[]; actions: { text: string }[]; generated: { pages: number } };
  return { text: readFileSync(out, 'utf8'), labels, log: log.trim() };
}

async function main() {
  const { text, labels, log } = longTranscript();
  console.log(log);
  console.log('importing the demo city (laws, meetings)...');
  const demo = await startDemoApp({ code: false, env: { RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' } });
  const { app } = demo;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const clerk = await demo.headers('clerk@civicdesk.test');
    const staff = await demo.headers('staff@civicdesk.test');
    const body = multipartBody({}, [{ field: 'file', filename: 'committee-of-the-whole-200-pages.txt', content: text, contentType: 'text/plain' }]);
    const others = otherUsers([['GET /minutes/history', '/api/minutes/history'], ['GET /agenda', '/api/agenda?limit=20']]);
    const stopOthers = others.start(app, staff);
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    const t0 = performance.now();
    const submitted = await app.inject({ method: 'POST', url: '/api/minutes', headers: { ...clerk, ...body.headers }, payload: body.payload });
    if (submitted.statusCode !== 202) throw new Error(`upload answered ${submitted.statusCode}: ${submitted.body}`);
    let record;
    for (;;) {
      record = (await app.inject({ url: `/api/minutes/${submitted.json().id}`, headers: clerk })).json();
      if (!['queued', 'running'].includes(record.job_state)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - t0;
    await stopOthers();
    if (record.job_state !== 'completed') throw new Error(`the summary ended ${record.job_state}: ${record.error}`);
    const r = record.result;
    const found = (items: { span: { start: number; end: number } }[], gold: { text: string }[]) =>
      gold.filter((g) => {
        const at = text.indexOf(g.text);
        return items.some((x) => at >= x.span.start && at < x.span.end);
      }).length;
    console.log(`\n${labels.generated.pages}-page transcript (${(text.length / 1e6).toFixed(2)} M characters), summarized offline as a job`);
    console.log(
      formatTable(
        ['measure', 'value', 'aim'],
        [
          ['upload to summary', `${(ms / 1000).toFixed(1)} s`, '< 10 s'],
          ['peak memory (process)', `${mb(peak)} (+${mb(peak - baseline)})`, ''],
          ['motions found / labelled', `${found(r.motions, labels.motions)} / ${labels.motions.length} (${r.motions.length} reported)`, ''],
          ['action items found / labelled', `${found(r.actions, labels.actions)} / ${labels.actions.length} (${r.actions.length} reported)`, ''],
          ['elements dropped by the span check', String(r.dropped_spans), '0'],
        ],
      ),
    );
    console.log('\nOther users\' requests while it ran');
    console.log(
      formatTable(
        ['route', 'requests', 'not 200', 'p50', 'p95', 'aim'],
        others.rows('p95 < 100 ms', percentile),
      ),
    );
  } finally {
    clearInterval(sampler);
    await demo.close();
  }
}

await main();

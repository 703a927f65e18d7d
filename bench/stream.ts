// npm run bench:stream — streaming and drafting on the demo city (embedded PGlite), built-in engine:
//  1. time to first token of a Legal Chatbot answer, one client at a time (aim: p95 < 300 ms);
//  2. a draft, one at a time, over the drafting eval's requests (aim: p95 < 2 s);
//  3. 100 concurrent chat streams for 60 s (BENCH_SECONDS): streams completed, dropped (aim: 0),
//     time to first token under load. The clients run in a worker thread (stream-clients.mjs).
// Answers stream at the shipped pace (CHAT_STREAM_PACE_MS, 15 ms a word). One demo account is the
// whole load, so its request budgets are lifted (decision 022); their counting still runs.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { askOverHttp } from '../apps/server/eval/chat';
import { startDemoApp } from '../apps/server/eval/demo-app';
import { formatTable, percentile } from '../apps/server/eval/table';

const here = dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_STREAMS ?? 100);
const evalDir = resolve(here, '../apps/server/eval');
const questions = readFileSync(resolve(evalDir, 'chat-questions.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { question: string }).question);
const drafts = readFileSync(resolve(evalDir, 'drafting-requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { type: string; query: string; draft_input: string });

const ms = (values: number[], p: number) => (values.length ? percentile(values, p).toFixed(0) : '-');

async function main() {
  console.log('importing the demo city (code, laws, meetings)...');
  const demo = await startDemoApp({
    code: true,
    env: { RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' },
  });
  try {
    await demo.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(demo.app.server.address() as AddressInfo).port}`;
    const headers = await demo.headers();
    // Warm-up: the code index is built on the first question.
    await askOverHttp(base, headers, questions[0]);

    const single: number[] = [];
    for (const q of questions) single.push((await askOverHttp(base, headers, q)).firstTokenMs);

    const draftMs: number[] = [];
    for (const d of drafts) {
      const started = performance.now();
      const res = await demo.app.inject({ method: 'POST', url: `/api/${d.type}/draft`, headers, payload: { query: d.query, draft_input: d.draft_input } });
      if (res.statusCode !== 201) throw new Error(`draft ${d.type}: HTTP ${res.statusCode}`);
      draftMs.push(performance.now() - started);
    }

    const load = await new Promise<{ firstTokens: number[]; totals: number[]; completed: number; dropped: number; errors: [string, number][] }>((resolveLoad, reject) => {
      const worker = new Worker(resolve(here, 'stream-clients.mjs'), { workerData: { base, headers, messages: questions, concurrency: CONCURRENCY, durationMs: DURATION * 1000 } });
      worker.once('message', resolveLoad);
      worker.once('error', reject);
    });

    console.log(`\nCivicDesk streaming benchmark — pglite, built-in engine, ${os.cpus().length} cores\n`);
    console.log(
      formatTable(
        ['scenario', 'runs', 'p50 ms', 'p95 ms', 'throughput', 'dropped'],
        [
          ['chat: time to first token, one client', String(single.length), ms(single, 50), ms(single, 95), '-', '0'],
          ['draft (all four kinds), one client', String(draftMs.length), ms(draftMs, 50), ms(draftMs, 95), `${(draftMs.length / (draftMs.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)} drafts/s`, '0'],
          [`chat: time to first token, ${CONCURRENCY} concurrent streams`, String(load.completed), ms(load.firstTokens, 50), ms(load.firstTokens, 95), `${(load.completed / DURATION).toFixed(1)} streams/s`, String(load.dropped)],
          [`chat: whole answer, ${CONCURRENCY} concurrent streams`, String(load.completed), ms(load.totals, 50), ms(load.totals, 95), '-', '-'],
        ],
      ),
    );
    if (load.errors.length) console.log(`errors: ${load.errors.map(([m, n]) => `${m} (${n})`).join('; ')}`);
  } finally {
    await demo.close();
  }
}

// The query model's worker thread would keep the process alive once the table is printed.
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * `npm run eval:search`: Smart Search relevance on known-item queries (eval/search-queries.jsonl):
 * what a clerk types when looking for one measure they remember (a few of its words, its file
 * number, a misspelling). Imports the demo city into a fresh embedded database, asks GET /api/search
 * as the demo clerk, and prints where the measure itself (the law or act, not an agenda item that
 * voted on it) ranks: per query, then recall@1/3/10, MRR and latency.
 */


import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchResponse } from '@civicdesk/contract';
import { startDemoApp } from './demo-app';
import { formatTable, percentile } from './table';

interface KnownItem {
  query: string;
  title: string;
  kind: string;
}

const queriesPath = resolve(dirname(fileURLToPath(import.meta.url)), 'search-queries.jsonl');

async function main() {
  const items = readFileSync(queriesPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as KnownItem);
  const demo = await startDemoApp({ code: false });
  try {
    const { app } = demo;
    const headers = await demo.headers();

    const rows: string[][] = [];
    const ranks: number[] = [];
    const latencies: number[] = [];
    for (const item of items) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/search?${new URLSearchParams({ query: item.query, total_limit: '10' })}`, headers });
      latencies.push(performance.now() - started);
      const body = res.json() as SearchResponse;
      const at = body.hits.findIndex((h) => h.source === 'legislation' && h.title.toLowerCase() === item.title.toLowerCase());
      const rank = at < 0 ? Infinity : at + 1;
      ranks.push(rank);
      const first = body.hits[0];
      rows.push([item.query, item.kind, rank === Infinity ? '> 10' : String(rank), first ? `${first.file_number ?? ''} ${first.title}`.trim().slice(0, 70) : '(none)']);
    }

    console.log(`\nSmart Search known-item queries (${items.length}), demo city, GET /api/search as the demo clerk\n`);
    console.log(formatTable(['query', 'kind', 'rank', 'first hit'], rows));
    const share = (k: number) => (ranks.filter((r) => r <= k).length / ranks.length).toFixed(2);
    const mrr = (ranks.reduce((sum, r) => sum + (r === Infinity ? 0 : 1 / r), 0) / ranks.length).toFixed(3);
    console.log('');
    console.log(
      formatTable(
        ['queries', 'recall@1', 'recall@3', 'recall@10', 'MRR', 'p50 ms', 'p95 ms'],
        [[String(ranks.length), share(1), share(3), share(10), mrr, percentile(latencies, 50).toFixed(1), percentile(latencies, 95).toFixed(1)]],
      ),
    );
  } finally {
    await demo.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

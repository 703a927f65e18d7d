// npm run bench:city-import — a second city brought in from its own published code (issue 21), on the
// demo deployment (embedded PGlite), offline:
//  1. the whole San Francisco Municipal Code (15 plain-text files as published, Windows-1252) and the
//     whole Baltimore City Code (35 DocBook XML files) from ../shared/data/cities, each uploaded through
//     POST /api/location/{code}/imports and imported as a job: sections found against the number of
//     distinct section headings in the files, time from upload to completion, peak memory;
//  2. the meaning vectors of each city's sections, built by the job that follows the import (worker
//     threads, a chunk at a time): sections embedded, time (skipped with --no-vectors);
//  3. other users' requests while each runs (GET /agenda and GET /location as the demo city's staff),
//     p50/p95 (aim p95 < 200 ms): the reading runs in a worker thread, the writing in batches.
// and, first, a Legistar API that answers with huge lists: memory (legistar-memory.ts; --no-legistar,
// --legistar-only); the largest import the README allows (largest-import.ts; --no-largest, --largest-only).
// The files are read from ../shared/data/cities; the product never ships them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoApp } from '../apps/server/eval/demo-app';
import { formatTable, percentile } from '../apps/server/eval/table';
import { multipartBody } from '../apps/server/src/test/multipart';
import { benchLargestImport } from './largest-import';
import { benchLegistarMemory } from './legistar-memory';
import { otherUsers } from './latency';

const WAIT_FOR_VECTORS = !process.argv.includes('--no-vectors');

const here = dirname(fileURLToPath(import.meta.url));
const CITIES = resolve(here, '../../shared/data/cities');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface Book {
  code: string;
  name: string;
  state: string;
  dir: string;
  files: string[];
  /** Distinct section headings in the files, counted here with the books' own heading patterns. */
  headings: (text: string) => Set<string>;
}

const BOOKS: Book[] = [
  {
    code: 'SF',
    name: 'City and County of San Francisco',
    state: 'CA',
    dir: join(CITIES, 'sf-municipal-code'),
    files: [],
    // "SEC. 2.01.  TITLE." at a line start (the body's headings; the run-together contents read "Sec. 2.01.Title.").
    headings: (text) => new Set([...text.matchAll(/^\s*(?:SEC\.|SECTION)\s+([0-9][0-9A-Za-z.-]*?)\.?\s{2,}/gm)].map((m) => m[1])),
  },
  {
    code: 'BALT',
    name: 'Baltimore City',
    state: 'MD',
    dir: join(CITIES, 'baltimore-city-code'),
    files: [],
    // "§ 2-2." in a paragraph of its own, counted once per file (the contents and the body repeat it).
    // (The files write § as the entity &#167;; the table-of-contents file 00 is left out of the count.)
    headings: (text) => new Set([...text.replace(/&#167;/g, '§').replace(/<[^>]+>/g, '\n').matchAll(/^\s*§\s*([0-9][0-9A-Za-z.-]*?)\.?\s/gm)].map((m) => m[1])),
  },
];

async function main() {
  if (process.argv.includes('--largest-only')) return benchLargestImport();
  if (process.argv.includes('--legistar-only')) return benchLegistarMemory();
  // These first: the cities' vectors jobs may still run when their deployment closes (--no-vectors).
  if (!process.argv.includes('--no-legistar')) await benchLegistarMemory();
  if (!process.argv.includes('--no-largest')) await benchLargestImport();
  for (const book of BOOKS) {
    if (!existsSync(book.dir)) throw new Error(`${book.dir} is not on this machine`);
    book.files = readdirSync(book.dir).filter((f) => (book.code === 'SF' ? /\.txt$/.test(f) && f !== 'OrdTable.txt' : /\.xml$/i.test(f))).sort();
  }
  console.log('starting the demo deployment...');
  const demo = await startDemoApp({ code: false, env: { RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' } });
  const { app } = demo;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const rows: string[][] = [];
  const others = otherUsers([['GET /agenda', '/api/agenda?limit=20'], ['GET /location', '/api/location']]);
  const duringVectors = otherUsers([['GET /agenda', '/api/agenda?limit=20'], ['GET /location', '/api/location']]);
  const vectorRows: string[][] = [];
  try {
    const admin = await demo.headers('admin@civicdesk.test');
    const staff = await demo.headers('staff@civicdesk.test');
    for (const book of BOOKS) {
      const created = await app.inject({ method: 'POST', url: '/api/location', headers: admin, payload: { code: book.code, name: book.name, state_code: book.state } });
      if (created.statusCode !== 201 && created.statusCode !== 409) throw new Error(`POST /location answered ${created.statusCode}: ${created.body}`);
      const contents = book.files.map((f) => readFileSync(join(book.dir, f)));
      const headings = new Set<string>();
      for (const [i, c] of contents.entries()) if (!/^00 /.test(book.files[i])) for (const h of book.headings(c.toString('latin1'))) headings.add(`${book.files[i]}:${h}`);
      const body = multipartBody({ source: 'code' }, book.files.map((f, i) => ({ field: 'files', filename: f, content: contents[i] })));
      const stopOthers = others.start(app, staff);
      const baseline = process.memoryUsage().rss;
      peak = baseline;
      const t0 = performance.now();
      const submitted = await app.inject({ method: 'POST', url: `/api/location/${book.code}/imports`, headers: { ...admin, ...body.headers }, payload: body.payload });
      if (submitted.statusCode !== 202) throw new Error(`import answered ${submitted.statusCode}: ${submitted.body}`);
      let record;
      for (;;) {
        record = (await app.inject({ url: `/api/location/${book.code}/imports/${submitted.json().id}`, headers: admin })).json();
        if (!['queued', 'running'].includes(record.job_state)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const ms = performance.now() - t0;
      await stopOthers();
      if (record.job_state !== 'completed') throw new Error(`the import ended ${record.job_state}: ${record.error}`);
      if (WAIT_FOR_VECTORS) {
        const stopDuring = duringVectors.start(app, staff);
        const v0 = performance.now();
        let counts: Record<string, number> = {};
        while (!(counts.vectors_total && (counts.vectors === counts.vectors_total || counts.vectors_failed))) {
          await new Promise((r) => setTimeout(r, 500));
          counts = (await app.inject({ url: `/api/location/${book.code}/imports/${submitted.json().id}`, headers: admin })).json().counts;
        }
        await stopDuring();
        vectorRows.push([book.name, `${counts.vectors} of ${counts.vectors_total}`, counts.vectors_failed ? 'failed' : 'built', `${((performance.now() - v0) / 1000).toFixed(0)} s`]);
      }
      const size = contents.reduce((n, c) => n + c.length, 0);
      rows.push([
        `${book.name} (${book.files.length} files, ${mb(size)})`,
        String(record.counts.sections),
        String(headings.size),
        String(record.counts.repealed ?? 0),
        String(record.problems.length),
        `${(ms / 1000).toFixed(1)} s`,
        `${mb(peak)} (+${mb(peak - baseline)})`,
      ]);
    }
    console.log('\nCode books imported through the API as jobs (offline, embedded PGlite)');
    console.log(formatTable(['code book', 'sections stored', 'headings in the files', 'not in force', 'problems', 'upload to done', 'peak memory'], rows));
    if (vectorRows.length) {
      console.log('\nMeaning vectors of the imported sections (the job after each import; worker threads)');
      console.log(formatTable(['code book', 'sections with vectors', 'outcome', 'import done to vectors stored'], vectorRows));
      console.log("\nOther users' requests while the vectors were built");
      console.log(formatTable(['route', 'requests', 'not 200', 'p50', 'p95', 'aim'], duringVectors.rows('p95 < 200 ms', percentile)));
    }
    console.log("\nOther users' requests while the imports ran");
    console.log(
      formatTable(
        ['route', 'requests', 'not 200', 'p50', 'p95', 'aim'],
        others.rows('p95 < 200 ms', percentile),
      ),
    );
  } finally {
    clearInterval(sampler);
    await demo.close();
  }
}

await main();

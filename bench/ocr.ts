// npm run bench:ocr — OCR of scanned PDFs, offline (decision 039): for each fixture its character
// error rate against the ground truth kept beside it, Tesseract's mean confidence, and seconds per
// page (p50/p95); then the real Omaha scan (10 pages, no ground truth: confidence and time only).
// `npm run bench:ocr -- --omaha-pages 3` reads fewer of its pages.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, percentile } from '../apps/server/eval/table';
import { startEngine } from '../apps/server/src/platform/files/ocr/engine';
import { characterErrorRate, OCR_LOW_CONFIDENCE, ocrPdf } from '../apps/server/src/platform/files/ocr/index';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '../apps/server/src/platform/files/ocr/fixtures');
const OMAHA_SCAN = [path.resolve(here, '../..'), '/work']
  .map((root) => path.join(root, 'shared/data/cities/agendas/omaha_agenda-item-1303a_planning-zoning_2012-10-16_scanned.pdf'))
  .find((file) => existsSync(file));
const flag = process.argv.indexOf('--omaha-pages');
const OMAHA_PAGES = flag > 0 ? Number(process.argv[flag + 1]) : 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (x: number) => `${(x * 100).toFixed(2)} %`;

interface Measured {
  name: string;
  pages: number;
  cer: string;
  confidence: string;
  low: string;
  perPage: number[];
}

async function measure(name: string, file: string, truthFile: string | null, maxPages?: number): Promise<Measured> {
  const perPage: number[] = [];
  let last = performance.now();
  const result = await ocrPdf(new Uint8Array(readFileSync(file)), {
    maxPages,
    onProgress: () => {
      const now = performance.now();
      perPage.push(now - last);
      last = now;
    },
  });
  let cer = 'no ground truth';
  if (truthFile) {
    const truth = readFileSync(truthFile, 'utf8').split('\f');
    const rates = result.pages.map((p, k) => characterErrorRate(p.text, truth[k]));
    cer = rates.map(percent).join(', ');
  }
  return {
    name,
    pages: result.pages.length,
    cer,
    confidence: String(result.meanConfidence),
    low: result.lowConfidencePages.join(', ') || 'none',
    perPage,
  };
}

async function main() {
  let peak = process.memoryUsage().rss;
  const baseline = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const t0 = performance.now();
    const engine = await startEngine();
    const startMs = performance.now() - t0;
    await engine.close();

    const runs: Measured[] = [];
    for (const name of ['agenda-2-pages-300dpi-1bit', 'agenda-item-300dpi-gray']) {
      console.log(`reading ${name}...`);
      runs.push(await measure(name, path.join(FIXTURES, `${name}.pdf`), path.join(FIXTURES, `${name}.txt`)));
    }
    if (OMAHA_SCAN && OMAHA_PAGES > 0) {
      console.log(`reading the Omaha scan (${OMAHA_PAGES} pages)...`);
      runs.push(await measure('omaha 1303a scan (real, JBIG2)', OMAHA_SCAN, null, OMAHA_PAGES));
    }

    console.log(`\nOCR of scanned PDFs: tesseract.js ${engineVersion()}, English model 4.0.0_best_int, one engine a document, ${availableParallelism()} cores`);
    console.log(
      formatTable(
        ['fixture', 'pages', 'CER per page (aim <= 2 %)', 'mean confidence', `pages under ${OCR_LOW_CONFIDENCE}`, 's/page p50', 's/page p95'],
        runs.map((r) => [r.name, String(r.pages), r.cer, r.confidence, r.low, seconds(percentile(r.perPage, 50)), r.perPage.length > 1 ? seconds(percentile(r.perPage, 95)) : '']),
      ),
    );
    console.log(`\nengine start (on its own): ${seconds(startMs)}; a document's first page includes it.`);
    console.log(`peak memory (process, engine thread included): ${Math.round(peak / 1024 / 1024)} MB (+${Math.round((peak - baseline) / 1024 / 1024)} MB)`);
  } finally {
    clearInterval(sampler);
  }
}

function engineVersion(): string {
  return JSON.parse(readFileSync(createRequire(path.join(here, '../apps/server/package.json')).resolve('tesseract.js/package.json'), 'utf8')).version;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

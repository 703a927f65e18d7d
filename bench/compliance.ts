// npm run bench:compliance — the Compliance Check on the demo city (embedded PGlite), offline:
//  1. a 100-page PDF (the labelled eval documents, page after page) checked with every rule set
//     through POST /api/compliance, as a job: time from upload to findings, peak memory
//     (aim < 10 s on this 2-core machine);
//  2. its redacted copy: all findings accepted, GET download-redacted-pdf (rasterised, rebuilt,
//     attacked before it is sent): time, size;
//  3. the API for another user while the check runs: GET /compliance/history, p50/p95;
//  4. the Code Compliance run over the whole D.C. Code (21,163 sections), on demand (aim < 30 s).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startDemoApp } from '../apps/server/eval/demo-app';
import { multipartBody } from '../apps/server/src/test/multipart';
import { formatTable, percentile } from '../apps/server/eval/table';

const here = dirname(fileURLToPath(import.meta.url));
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const sourceDir = resolve(here, '../apps/server/eval/compliance/source');

/** The eval documents without their markup, page after page, until PAGES pages. */
async function hundredPagePdf(): Promise<Buffer> {
  const texts = readdirSync(sourceDir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => readFileSync(resolve(sourceDir, f), 'utf8').replace(/^#.*\n/gm, '').replace(/\{\{[A-Z_]+\|([^}]*)\}\}/g, '$1'));
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const supported = new Set(font.getCharacterSet());
  const lines = texts.join('\n\n').split('\n').flatMap((l) => l.match(/.{1,95}(\s|$)|\S+/g) ?? ['']);
  for (let p = 0, i = 0; p < PAGES; p++) {
    const page = pdf.addPage([612, 792]);
    for (let j = 0; j < 46; j++, i++) {
      const line = lines[i % lines.length].trimEnd();
      page.drawText([...line].map((c) => (supported.has(c.codePointAt(0)!) ? c : '?')).join(''), { x: 40, y: 750 - j * 16, size: 9.5, font });
    }
  }
  return Buffer.from(await pdf.save());
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main() {
  console.log('importing the demo city (code, laws, meetings)...');
  const demo = await startDemoApp({ code: true, env: { RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000000' } });
  const { app } = demo;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const clerk = await demo.headers('clerk@civicdesk.test');
    const staff = await demo.headers('staff@civicdesk.test');
    // The start-up run ("on import") goes first; it is waited for so the check below runs alone.
    const settleRun = async (runId?: string) => {
      for (;;) {
        const report = (await app.inject({ url: `/api/compliance/code/DC${runId ? `?run_id=${runId}` : ''}`, headers: clerk })).json();
        if (report.run && !['queued', 'running'].includes(report.run.job_state)) return report;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await settleRun();

    const pdf = await hundredPagePdf();
    console.log(`checking a ${PAGES}-page PDF (${mb(pdf.length)}) with every rule set...`);
    const body = multipartBody({ compliance_type: 'all' }, [{ field: 'file', filename: 'bench-100-pages.pdf', content: pdf, contentType: 'application/pdf' }]);
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    const latencies: number[] = [];
    let checking = true;
    const other = (async () => {
      while (checking) {
        const t = performance.now();
        await app.inject({ url: '/api/compliance/history', headers: staff });
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const submitted = await app.inject({ method: 'POST', url: '/api/compliance', headers: { ...clerk, ...body.headers }, payload: body.payload });
    if (submitted.statusCode !== 202) throw new Error(`upload answered ${submitted.statusCode}: ${submitted.body}`);
    const id = submitted.json().id;
    let report;
    for (;;) {
      report = (await app.inject({ url: `/api/compliance/${id}`, headers: clerk })).json();
      if (!['queued', 'running'].includes(report.job_state)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const checkMs = performance.now() - t0;
    checking = false;
    await other;
    const checkPeak = peak;
    const counts: Record<string, number> = {};
    for (const f of report.findings) counts[f.rule_set] = (counts[f.rule_set] ?? 0) + 1;

    await app.inject({ method: 'PUT', url: '/api/compliance/accept-all-issues', headers: clerk, payload: { report_id: id } });
    peak = process.memoryUsage().rss;
    const t1 = performance.now();
    const redacted = await app.inject({ url: `/api/compliance/compliance-report/download-redacted-pdf/${id}`, headers: clerk });
    const redactMs = performance.now() - t1;
    if (redacted.statusCode !== 200) throw new Error(`redaction answered ${redacted.statusCode}: ${redacted.body.slice(0, 200)}`);

    console.log('running Code Compliance over the whole D.C. Code...');
    const t2 = performance.now();
    const started = await app.inject({ method: 'POST', url: '/api/compliance/code/DC/run', headers: clerk });
    if (started.statusCode !== 202) throw new Error(`run answered ${started.statusCode}`);
    const code = await settleRun(started.json().run.run_id);
    const codeMs = performance.now() - t2;

    console.log(`\n${PAGES}-page PDF, every rule set (${report.job_state}; findings: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')})`);
    console.log(
      formatTable(
        ['step', 'time', 'peak memory (process)', 'aim'],
        [
          ['check (upload to findings, a job)', `${(checkMs / 1000).toFixed(1)} s`, `${mb(checkPeak)} (+${mb(checkPeak - baseline)})`, '< 10 s'],
          [`redacted PDF (${redacted.headers['x-redactions']} redactions, ${mb(redacted.rawPayload.length)})`, `${(redactMs / 1000).toFixed(1)} s`, `${mb(peak)}`, '< 10 s with the check'],
          ['check + redaction', `${((checkMs + redactMs) / 1000).toFixed(1)} s`, '', '< 10 s'],
          [`Code Compliance, whole D.C. Code (${code.run.sections_checked} sections, ${code.run.total} findings)`, `${(codeMs / 1000).toFixed(1)} s`, '', '< 30 s'],
        ],
      ),
    );
    console.log(`\nAnother user's GET /compliance/history while the check ran: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms.`);
    console.log(`Code Compliance findings by rule: ${Object.entries(code.run.counts).map(([k, n]) => `${k} ${n}`).join(', ')}.`);
  } finally {
    clearInterval(sampler);
    await demo.close();
  }
}

await main();

/**
 * `npm run eval:drafting`: the drafter on 26 requests written in a clerk's words
 * (eval/drafting-requests.jsonl, all four kinds, six amending real D.C. sections; see
 * drafting-chat-README.md). Imports the demo city into a fresh embedded database and drafts through
 * POST /api/{type}/draft as the demo clerk. Each draft is checked against the data files themselves,
 * not against the drafter's own answer: the form's required parts, every citation's words in its
 * source, no number the request or a cited source does not hold, the facts the request gives, the
 * section amended and the words struck and inserted; and how it reads (drafting-reading.ts): the
 * short title names the subject, the long title each amended section once, every recital is a
 * sentence, no given fact sits beside its own placeholder. `-- --show` prints each problem.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DraftResponse } from '@civicdesk/contract';
import { gunzipSync } from 'node:zlib';
import { DC_EFFECTIVE, DC_FISCAL } from '../src/platform/ai/edits';
import { DC_APPLICABILITY } from '../src/modules/drafting/compose';
import { formOf, missingParts } from '../src/modules/drafting/forms';
import { startDemoApp } from './demo-app';
import { factBesidePlaceholderProblems, longTitleProblems, recitalProblems, shortTitleProblems } from './drafting-reading';
import { loadCodeJsonl } from './load';
import { formatTable, percentile } from './table';

interface DraftingRequest {
  id: string;
  type: 'ordinance' | 'resolution' | 'staff_report' | 'agenda_item';
  query: string;
  draft_input: string;
  amends: string[];
  change: { section: string; from: string; to: string } | null;
  cite: string[];
  given_facts: string[];
  missing_facts: string[];
}

const here = dirname(fileURLToPath(import.meta.url));
const demoDir = resolve(here, '../../../data/demo');

/** Numbers a draft states, outside quotes and section numbers. */
function statedNumbers(text: string): string[] {
  const withoutQuotes = text.replace(/"[^"]*"|“[^”]*”/g, ' ');
  const withoutSections = withoutQuotes.replace(/§+\s*\d[\w.:-]*(?:\([\w-]+\))*/g, ' ').replace(/\b\d+[A-Z]?-\d+[\w.:]*(?:\([\w-]+\))*/g, ' ');
  const withoutLabels = withoutSections.replace(/\bSec(?:tion)?\.?\s+\d+\.|\(\d+\)|\b[BP]R?\d{2}-\[number\]|\b(?:[A-Z]{1,3}\d{1,2}|Law \d{1,2})-\d+\b/g, ' ');
  return (withoutLabels.match(/\$?\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/[$,]/g, '')).filter((n) => !/^(19|20)\d\d$/.test(n));
}

async function main() {
  const requests = readFileSync(resolve(here, 'drafting-requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as DraftingRequest);
  const code = await loadCodeJsonl(resolve(demoDir, 'dc-code-full.jsonl.gz'));
  const byId = new Map(code.map((s) => [s.id, s]));
  const byNumber = new Map(code.map((s) => [s.number, s]));
  const laws = gunzipSync(readFileSync(resolve(demoDir, 'dc-legislation.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { id: string; law_number: string | null; bill_number: string | null; title: string; long_title: string; text: string });
  // A past measure is named by its law number, else its bill number or id (as the drafter names it).
  // A bill number names the bill, its acts and its law: a label stands for every record it names.
  const lawText = new Map<string, string>();
  for (const l of laws) {
    const text = `${l.title}\n${l.text || l.long_title}`;
    for (const label of [l.law_number ? `D.C. Law ${l.law_number}` : null, l.bill_number ? `B${l.bill_number}` : null, l.id]) if (label) lawText.set(label, `${lawText.get(label) ?? ''}\n${text}`);
  }

  console.log('importing the demo city (code, laws, meetings)...');
  const demo = await startDemoApp({ code: true, env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000' } });
  try {
    const headers = await demo.headers();
    const rows: string[][] = [];
    const totals = { complete: 0, citations: 0, verified: 0, clean: 0, amendsAsked: 0, amendsRight: 0, givenAsked: 0, givenKept: 0, placeholdersWhenMissing: 0, missingAsked: 0 };
    const latencies: number[] = [];
    const unverified: string[] = [];
    const reading = { titles: 0, titlesRight: 0, longTitles: 0, longTitlesRight: 0, recitals: 0, recitalsRight: 0, drafts: 0, noFactBeside: 0 };
    const problems: string[] = [];
    const titles: string[] = [];
    for (const r of requests) {
      const started = performance.now();
      const res = await demo.app.inject({ method: 'POST', url: `/api/${r.type}/draft`, headers, payload: { query: r.query, draft_input: r.draft_input } });
      latencies.push(performance.now() - started);
      if (res.statusCode !== 201) {
        rows.push([r.id, r.type, `HTTP ${res.statusCode}`, '', '', '', '', '', '', '', '', '']);
        continue;
      }
      const draft = (res.json() as DraftResponse).document!;
      const missing = missingParts(formOf(r.type, 'dc'), draft.text);
      if (!missing.length) totals.complete++;

      let verified = 0;
      for (const c of draft.citations) {
        const source = c.kind === 'code_section' ? byNumber.get(c.number)?.text : c.kind === 'legislation' ? lawText.get(c.number) : undefined;
        if (source?.includes(c.quote)) verified++;
        else unverified.push(`${r.id} ${c.kind} ${c.number}: "${c.quote.slice(0, 90)}"`);
      }
      totals.citations += draft.citations.length;
      totals.verified += verified;

      const allowed = [r.query, r.draft_input, DC_FISCAL, DC_EFFECTIVE, DC_APPLICABILITY, ...draft.citations.map((c) => (c.kind === 'code_section' ? byNumber.get(c.number)?.text : lawText.get(c.number)) ?? ''), ...draft.amendments.map((a) => `${a.current_text} ${a.insert}`)].join('\n').replace(/,/g, '');
      const invented = [...new Set(statedNumbers(draft.text).filter((n) => !allowed.includes(n)))];
      if (!invented.length) totals.clean++;

      let amendOk = '';
      if (r.amends.length) {
        totals.amendsAsked++;
        const want = byId.get(r.amends[0])?.number;
        const got = draft.amendments[0];
        const right = Boolean(got && got.section_number === want && (!r.change || (r.change.from.includes(got.strike) && r.change.to.includes(got.insert))));
        if (right) totals.amendsRight++;
        amendOk = right ? 'yes' : `no (${got ? `${got.section_number} "${got.strike}"` : 'none'}; want ${want})`;
      }
      const kept = r.given_facts.filter((f) => draft.text.toLowerCase().includes(f.toLowerCase()));
      totals.givenAsked += r.given_facts.length;
      totals.givenKept += kept.length;
      if (r.missing_facts.length) {
        totals.missingAsked++;
        if (draft.placeholders.length) totals.placeholdersWhenMissing++;
      }
      const read = readingOf(r, draft, byId);
      titles.push(`${r.id} ${draft.title}${read.longTitleLine ? `\n    ${read.longTitleLine}` : ''}`);
      reading.drafts++;
      if (read.title) {
        reading.titles++;
        if (!read.title.length) reading.titlesRight++;
      }
      if (read.longTitle) {
        reading.longTitles++;
        if (!read.longTitle.length) reading.longTitlesRight++;
      }
      reading.recitals += read.recitals.count;
      reading.recitalsRight += read.recitals.count - read.recitals.bad.length;
      if (!read.besides.length) reading.noFactBeside++;
      for (const [what, list] of [['title', read.title], ['long title', read.longTitle], ['recital', read.recitals.bad], ['fact beside placeholder', read.besides]] as const) {
        for (const problem of list ?? []) problems.push(`${r.id} ${what}: ${problem}${what === 'title' ? ` ("${draft.title}")` : ''}`);
      }
      const mark = (list: string[] | null) => (list === null ? '' : list.length ? `no (${list.length})` : 'yes');
      rows.push([
        r.id,
        r.type,
        missing.length ? `missing ${missing.join(', ')}` : 'all',
        `${verified}/${draft.citations.length}`,
        invented.length ? invented.slice(0, 4).join(' ') : '-',
        amendOk,
        `${kept.length}/${r.given_facts.length}`,
        String(draft.placeholders.length),
        mark(read.title),
        mark(read.longTitle),
        read.recitals.count ? `${read.recitals.count - read.recitals.bad.length}/${read.recitals.count}` : '',
        mark(read.besides),
      ]);
    }
    console.log(`\nDrafting eval: ${requests.length} requests, demo city (D.C.), built-in offline engine\n`);
    console.log(
      formatTable(
        ['id', 'type', 'required parts', 'citations verified', 'invented numbers', 'amended section right', 'given facts kept', 'placeholders', 'short title reads', 'long title reads', 'recitals sentences', 'no fact by its placeholder'],
        rows,
      ),
    );
    if (process.argv.includes('--show')) console.log(`\ntitles:\n${titles.join('\n')}\n\nhow the drafts read:\n${problems.join('\n') || 'no problem found'}`);
    if (unverified.length) console.log(`\ncitations whose words were not found in the data file:\n${unverified.join('\n')}`);
    const share = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)} % (${a}/${b})` : 'n/a');
    console.log('');
    console.log(
      formatTable(
        ['short title reads', 'long title reads', 'recitals that are sentences', 'no fact beside its placeholder', 'reading problems'],
        [
          [
            share(reading.titlesRight, reading.titles),
            share(reading.longTitlesRight, reading.longTitles),
            share(reading.recitalsRight, reading.recitals),
            share(reading.noFactBeside, reading.drafts),
            `${problems.length}${problems.length && !process.argv.includes('--show') ? ' (-- --show lists them)' : ''}`,
          ],
        ],
      ),
    );
    console.log('');
    console.log(
      formatTable(
        ['every required part', 'citations verified', 'no invented number', 'amended section right', 'given facts kept', 'placeholders where facts are missing', 'p50 ms', 'p95 ms'],
        [
          [
            share(totals.complete, requests.length),
            share(totals.verified, totals.citations),
            share(totals.clean, requests.length),
            share(totals.amendsRight, totals.amendsAsked),
            share(totals.givenKept, totals.givenAsked),
            share(totals.placeholdersWhenMissing, totals.missingAsked),
            percentile(latencies, 50).toFixed(0),
            percentile(latencies, 95).toFixed(0),
          ],
        ],
      ),
    );
  } finally {
    await demo.close();
  }
}

/** The reading checks of one draft: null where a check does not apply to its kind. */
function readingOf(r: DraftingRequest, draft: NonNullable<DraftResponse['document']>, byId: Map<string, { number: string; title: string; chapterTitle: string | null; subchapterTitle: string | null }>) {
  const amended = r.amends.map((id) => byId.get(id)).filter((s) => s !== undefined);
  const place = amended.flatMap((s) => [s.title, s.chapterTitle ?? '', s.subchapterTitle ?? '']).join('\n');
  const lines = draft.text.split('\n').map((l) => l.trim());
  const longTitleLine = r.type === 'ordinance' ? (lines.find((l) => /^To [a-z]/.test(l)) ?? '') : null;
  return {
    longTitleLine,
    title: shortTitleProblems(r.type, draft.title, `${r.query}\n${r.draft_input}`, place),
    longTitle: longTitleLine === null ? null : longTitleProblems(longTitleLine, amended.map((s) => s.number.replace(/^§+\s*/, ''))),
    recitals: recitalProblems(draft.text),
    besides: factBesidePlaceholderProblems(draft.text, r.given_facts),
  };
}

// The code import leaves a worker's MessagePort open after close, which would keep the process alive: end it when the tables are out.
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

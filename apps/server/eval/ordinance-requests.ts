/**
 * `npm run eval:ordinance-requests`: is the rule a request asks for written in the draft (issue 32)?
 * Each request is drafted through POST /api/ordinance/draft as the demo city manager, on the demo
 * city's whole code, and graded from the draft's operative text (its Sec. 2) against the set's key,
 * never the drafter's own notes:
 * - rule written: the text states a rule (no "[Text of the new provision …]" left whole to the drafter,
 *   no "[sell, use, or distribute]" for an act the request did not name);
 * - facts: the key's facts (amounts, periods, times, agencies) found in the operative text.
 *
 *   eval/ordinance-requests-dev2.jsonl      development (36, helper-written without reading the drafting code; read item by item)
 *   eval/ordinance-requests-dev3.jsonl      development (40, written on 2026-12-01 the same way, harder shapes; read item by item)
 *   eval/ordinance-requests-heldout.jsonl   blind held-out (30, written later that day the same way; totals only, never its drafts)
 *   eval/ordinance-requests-heldout-2.jsonl blind held-out (30, written on 2026-12-02 the same way, after the note reader; totals only)
 *
 * `-- --show` prints each development draft's operative text beside the key's rules; `-- --dev` or
 * `-- --blind` runs one set.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoDrafter, holdsFact, operativeText, requestsIn, ruleWritten } from './draft-text';
import { formatTable, percentile } from './table';

interface RequestItem {
  id: string;
  query: string;
  draft_input: string;
  rules: string[];
  facts: string[];
}

const here = dirname(fileURLToPath(import.meta.url));
const SETS = [
  { name: 'dev: ordinance-requests-dev2', file: 'ordinance-requests-dev2.jsonl', blind: false },
  { name: 'dev: ordinance-requests-dev3', file: 'ordinance-requests-dev3.jsonl', blind: false },
  { name: 'blind: ordinance-requests-heldout', file: 'ordinance-requests-heldout.jsonl', blind: true },
  // Written on 2026-12-02 by a helper that read neither the drafting code nor another set: totals only.
  { name: 'blind: ordinance-requests-heldout-2', file: 'ordinance-requests-heldout-2.jsonl', blind: true },
];

async function main() {
  const drafter = await demoDrafter();
  const show = process.argv.includes('--show');
  try {
    const rows: string[][] = [];
    const only = process.argv.includes('--dev') ? false : process.argv.includes('--blind') ? true : null;
    for (const set of SETS.filter((s) => existsSync(resolve(here, s.file)) && (only === null || s.blind === only))) {
      const items = requestsIn<RequestItem>(resolve(here, set.file));
      let written = 0;
      let facts = 0;
      let found = 0;
      const latencies: number[] = [];
      for (const r of items) {
        const { text, ms } = await drafter.draft(r.query, r.draft_input);
        latencies.push(ms);
        const operative = operativeText(text);
        const isWritten = ruleWritten(operative);
        if (isWritten) written++;
        const missing = r.facts.filter((f) => !holdsFact(operative, f));
        facts += r.facts.length;
        found += r.facts.length - missing.length;
        if (show && !set.blind) {
          console.log(`\n${r.id}${isWritten ? '' : ' [rule not written]'}${missing.length ? ` missing: ${missing.join(' | ')}` : ''}\n  ${r.query}${r.draft_input ? `\n  details: ${r.draft_input}` : ''}`);
          console.log(operative.split('\n').filter(Boolean).map((l) => `  > ${l}`).join('\n'));
          console.log(r.rules.map((x) => `  key: ${x}`).join('\n'));
        }
      }
      const pct = (a: number, b: number) => (b ? `${a}/${b} (${(a / b).toFixed(2)})` : '—');
      rows.push([set.name, String(items.length), pct(written, items.length), pct(found, facts), `${Math.round(percentile(latencies, 50))} / ${Math.round(percentile(latencies, 95))}`]);
    }
    console.log('\nThe rule a request asks for, written: demo city (D.C.), built-in offline engine\n');
    console.log(formatTable(['set', 'requests', 'rule written', 'facts in the operative text', 'p50 / p95 ms'], rows));
  } finally {
    await drafter.close();
  }
}

await main();
process.exit(0);

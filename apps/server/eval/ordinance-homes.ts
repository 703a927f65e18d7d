/**
 * `npm run eval:ordinance-homes`: where the drafter puts a new rule (issue 32). Each request of
 * eval/ordinance-homes-dev.jsonl (development: issue 32's examples and the engine's own, read while
 * building) and eval/ordinance-homes-heldout.jsonl (written blind by a helper session that read only
 * the data; see its README) is drafted through POST /api/ordinance/draft as the demo city manager, on
 * the demo city's whole code. Graded from the draft's text against the set's key, never the drafter's
 * own notes:
 * - right home: "amend" keys amend one of the key's sections; "new" keys add a new section;
 * - unrelated: the draft amends a section not in the key (a wrong home: the aim is none);
 * - chapter: a new section placed in one of the key's chapters (of those keys that name one); placed
 *   elsewhere: a new section placed in a chapter the key does not name (where a key names any: a wrong place,
 *   worse than one left to the drafter);
 * - facts: the key's facts found in the operative text (times as the statute writes them);
 * - rule written: the operative text states the rule (no "[Text of the new provision …]" left whole to
 *   the drafter, no "[sell, use, or distribute]" for an act the request did not name).
 * eval/ordinance-homes-heldout-2.jsonl was written the same way and has been read; ordinance-homes-heldout-3.jsonl and
 * ordinance-homes-heldout-4.jsonl (2026-11-30) are blind: their totals only, never their drafts.
 * `-- --show` prints each draft's home and operative text (not the blind set's); `-- --dev`, `-- --read` or `-- --blind` runs one kind of set.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoDrafter, holdsFact, operativeText, requestsIn, ruleWritten } from './draft-text';
import { formatTable, percentile } from './table';

interface HomeRequest {
  id: string;
  query: string;
  draft_input: string;
  action: 'amend' | 'new';
  home_sections: string[];
  home_chapters: { title_number: string; chapter: string }[];
  facts: string[];
  trap: string | null;
}

const here = dirname(fileURLToPath(import.meta.url));
const SETS = [
  { name: 'dev: issue 32 and the engine\'s own', file: 'ordinance-homes-dev.jsonl' },
  { name: 'read: ordinance-homes-heldout', file: 'ordinance-homes-heldout.jsonl' },
  { name: 'read: ordinance-homes-heldout-2', file: 'ordinance-homes-heldout-2.jsonl' },
  // Written blind on 2026-11-30 (its README); its drafts are never printed (--show skips it), only its totals.
  { name: 'blind: ordinance-homes-heldout-3', file: 'ordinance-homes-heldout-3.jsonl', blind: true },
  // Written blind later that day the same way (its README), committed before any run; totals only.
  { name: 'blind: ordinance-homes-heldout-4', file: 'ordinance-homes-heldout-4.jsonl', blind: true },
];

/** What a draft amends and where it adds, read from its "Sec. 2." instructions. */
function homeOf(text: string): { amended: string[]; newSection: boolean; chapter: { title: string; chapter: string } | null } {
  const amended = [...text.matchAll(/Section (\d+[A-Za-z]?-[\w.:-]*?)(?:\([\w-]+\))* of [^.]*? is amended by/g)].map((m) => `§ ${m[1]}`);
  const newSection = /is amended by adding a new section/.test(text);
  const placed = /Chapter (\w+) of Title (\w+) of [^.]*? is amended by adding a new section/.exec(text);
  return { amended: [...new Set(amended)], newSection, chapter: placed ? { title: placed[2], chapter: placed[1] } : null };
}

async function main() {
  const drafter = await demoDrafter();
  const show = process.argv.includes('--show');
  try {
    const rows: string[][] = [];
    const only = process.argv.includes('--dev') ? 'dev' : process.argv.includes('--read') ? 'read' : process.argv.includes('--blind') ? 'blind' : null;
    for (const set of SETS.filter((s) => !only || s.name.startsWith(only))) {
      const requests = requestsIn<HomeRequest>(resolve(here, set.file));
      const t = { right: 0, unrelated: 0, written: 0, chapterKeys: 0, chapterRight: 0, chapterWrong: 0, facts: 0, factsFound: 0, amendKeys: 0, amendRight: 0, newKeys: 0, newRight: 0 };
      const latencies: number[] = [];
      for (const r of requests) {
        const { text, ms } = await drafter.draft(r.query, r.draft_input);
        latencies.push(ms);
        const home = homeOf(text);
        const unrelated = home.amended.filter((n) => !r.home_sections.includes(n));
        const right = r.action === 'amend' ? home.amended.some((n) => r.home_sections.includes(n)) && !unrelated.length : home.newSection && !home.amended.length;
        if (r.action === 'amend') {
          t.amendKeys++;
          if (right) t.amendRight++;
        } else {
          t.newKeys++;
          if (right) t.newRight++;
        }
        if (right) t.right++;
        if (unrelated.length) t.unrelated++;
        if (r.action === 'new' && r.home_chapters.length) {
          t.chapterKeys++;
          const inKey = home.chapter && r.home_chapters.some((c) => c.title_number === home.chapter!.title && c.chapter === home.chapter!.chapter);
          if (inKey) t.chapterRight++;
          else if (home.chapter) t.chapterWrong++;
        }
        const operative = operativeText(text);
        if (ruleWritten(operative)) t.written++;
        for (const fact of r.facts) {
          t.facts++;
          if (holdsFact(operative, fact)) t.factsFound++;
        }
        if (show && !('blind' in set)) {
          console.log(`\n${r.id} [${right ? 'right' : 'WRONG'}] key ${r.action} ${r.home_sections.join(', ')} | draft: ${home.amended.join(', ') || (home.newSection ? `new section${home.chapter ? ` in ${home.chapter.title}/${home.chapter.chapter}` : ''}` : 'nothing')}`);
          console.log(`  ${r.query}`);
          console.log(operative.split('\n').map((l) => `  > ${l}`).join('\n'));
        }
      }
      const n = requests.length;
      const pct = (a: number, b: number) => (b ? `${a}/${b} (${(a / b).toFixed(2)})` : '—');
      rows.push([set.name, String(n), pct(t.right, n), pct(t.amendRight, t.amendKeys), pct(t.newRight, t.newKeys), String(t.unrelated), pct(t.chapterRight, t.chapterKeys), String(t.chapterWrong), pct(t.factsFound, t.facts), pct(t.written, n), `${Math.round(percentile(latencies, 50))} / ${Math.round(percentile(latencies, 95))}`]);
    }
    console.log('\nWhere a new rule goes: demo city (D.C.), built-in offline engine\n');
    console.log(formatTable(['set', 'requests', 'right home', 'amend keys right', 'new keys right', 'amends an unrelated section', 'new section in a key chapter', 'placed in another chapter', 'facts in the operative text', 'rule written', 'p50 / p95 ms'], rows));
    console.log('\nAims (issue 32): right home >= 10 of 12, no draft that amends an unrelated section.');
  } finally {
    await drafter.close();
  }
}

await main();
process.exit(0);

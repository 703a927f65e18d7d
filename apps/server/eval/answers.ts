/**
 * `npm run eval:answers`: is each answer right, refused, or a verdict the quoted law does not
 * support? (issue 30; graded as Magesh et al., Stanford 2024, graded legal research tools). Every
 * question is asked of the Knowledge Assistant over the API as the demo clerk (POST
 * /api/municipal_code/generate, a new thread each), built-in offline engine, demo city (D.C.).
 *
 * Grading, from the set's own answer key (never from the code under test):
 * - answerable (and a true premise): right when the answer leads with a verdict (outcome answered),
 *   its supporting citation is one of the set's sections and what it asserts holds one of the set's
 *   phrases: a stated verdict's own words ("$15 —"; since 2026-11-30, before which its quote counted
 *   too, so "$50 — § 8-1804(e): “… $15 …”" was right), or the quote of a yes, a no or an
 *   "According to"; refused when it says the code does not answer directly or found nothing; else
 *   hedged when it only quotes ("According to § …: “…”", no verdict) and is not right; else asserted
 *   without support (a verdict from the wrong provision, or without the fact asked).
 * - not in the code (and a premise the code does not address): right when refused; any verdict or
 *   correction is asserted without support.
 * - false premise: right when corrected from one of the set's sections with one of its phrases in
 *   the answer sentence; refused when it says the code does not answer directly; else (the premise
 *   taken as true, or "corrected" from another provision) asserted without support.
 * Also recall@5: a right section among the first five sections listed, for questions that have one.
 * And, of the answerable questions refused, how many still quote the answer's words from a right section
 * among the related provisions listed (what a reader finds there though no verdict is said; since 2026-12-03).
 *
 *   development sets: answers-dev.jsonl (18: the examples and questions the code does not
 *                     answer, written while building), premises-dev.jsonl (54), conversations-dev2
 *                     first questions (40; written blind, then tuned on), answers-dev3.jsonl (60, written
                     blind by a helper on 2026-11-30 for development, read item by item from the start)
 *   earlier held-out sets, already read (not blind): premises-heldout.jsonl (47), conversations-heldout
 *                     first questions (44)
 *   earlier held-out, read: answers-heldout-2.jsonl (75, written on 2026-11-29 without reading the code;
 *                     see its README; its totals were read four times while tuning, then its answers
 *                     item by item: no longer blind)
 *   earlier held-out, read: answers-heldout-3.jsonl (66, written later that day the same way; blind until
 *                     2026-12-01: its totals were read 17 times and five of its questions seen, then its answers
 *                     item by item: no longer blind)
 *   blind held-out set: answers-heldout-4.jsonl (66, written on 2026-11-30 by a helper session that read only the
 *                     Code's data; see its README). Totals read once at the seventh stop's end and once at the end of
 *                     most stops since, never an item.
 *   blind held-out set: answers-heldout-5.jsonl (66, written on 2026-11-30 the same way, at the tenth stop's start;
 *                     see its README). Totals read before that stop's changes and after them, and once at the end of most
 *                     stops since, never an item.
 *   blind held-out set: answers-heldout-6.jsonl (66, written on 2026-12-01 the same way, at the sixteenth stop's
 *                     start; see its README), when answers-heldout-3 was read item by item. Totals read once at the end
 *                     of most stops since, never an item.
 *   earlier held-out, read: answers-heldout-7.jsonl (66, written on 2026-12-02 the same way by a helper that opened only
 *                     the Code's data; see its README). Blind until 2026-12-03: totals read four times, then item by item.
 *   blind held-out set: answers-heldout-8.jsonl (66, written on 2026-12-03 the same way, when answers-heldout-7 was read;
 *                     see its README). Totals read once at the stop that wrote it and once at the next stop's end, no item.
 *
 *   npm run eval:answers -- --set dev --show    print each answer of one set (never a blind one)
 *   npm run eval:answers -- --read              every set already read, none of the blind ones
 *   npm run eval:answers -- --city sf           the blind San Francisco set (answers-city.ts)
 *   npm run eval:answers -- --city sf-dev --show the San Francisco development set (sf-answers-dev.jsonl, 30, helper-written blind, read item by item)
 *   npm run eval:answers -- --city springboro   the blind set of a city not used before (Springboro, Ohio, its website's pages as one zip; answers-city.ts)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GenerateResponse } from '@civicdesk/contract';
import { importNewCity, importSf, newCityAvailable, newCityItems, newCityMatcher, sfAvailable, sfItems, sfMatcher, vectorsBuilt } from './answers-city';
import { startDemoApp } from './demo-app';
import { loadCodeJsonl } from './load';
import { formatTable, percentile } from './table';

type Kind = 'answerable' | 'not_in_code' | 'false_premise' | 'true_premise' | 'unaddressed_premise';
interface Item {
  id: string;
  kind: Kind;
  question: string;
  sections: string[];
  phrases: string[];
}
type Grade = 'right' | 'refused' | 'hedged' | 'unsupported';

const here = dirname(fileURLToPath(import.meta.url));
const jsonl = <T>(file: string): T[] =>
  readFileSync(resolve(here, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const firstTurns = (file: string): Item[] =>
  jsonl<{ id: string; turns: { question: string; sections: string[]; phrases: string[] }[] }>(file).map((c) => ({ id: c.id, kind: 'answerable', ...c.turns[0] }));

export const SETS: { name: string; blind: boolean; read: boolean; load: () => Item[] }[] = [
  { name: 'dev: issue examples and not in the code', blind: false, read: true, load: () => jsonl<Item>('answers-dev.jsonl') },
  { name: 'dev: premises', blind: false, read: true, load: () => jsonl<Item>('premises-dev.jsonl') },
  { name: 'dev: conversations-dev2 first questions', blind: false, read: true, load: () => firstTurns('conversations-dev2.jsonl') },
  { name: 'earlier held-out, read: premises', blind: false, read: true, load: () => jsonl<Item>('premises-heldout.jsonl') },
  { name: 'earlier held-out, read: conversations first questions', blind: false, read: true, load: () => firstTurns('conversations-heldout.jsonl') },
  // Read item by item on 2026-11-29 after its totals had been read four times: no longer blind.
  { name: 'earlier held-out, read: answers-heldout-2', blind: false, read: true, load: () => (existsSync(resolve(here, 'answers-heldout-2.jsonl')) ? jsonl<Item>('answers-heldout-2.jsonl') : []) },
  // Written blind by a helper on 2026-11-30 for development: read item by item and tuned on from the start.
  { name: 'dev: answers-dev3', blind: false, read: true, load: () => jsonl<Item>('answers-dev3.jsonl') },
  // Written by a helper on 2026-11-30 (tenth stop) for development, false premises first: its totals read once before any change, then item by item.
  { name: 'dev: answers-dev4', blind: false, read: true, load: () => jsonl<Item>('answers-dev4.jsonl') },
  // Blind until 2026-12-01: its totals read 17 times and five questions seen, then read item by item (no longer blind).
  { name: 'earlier held-out, read: answers-heldout-3', blind: false, read: true, load: () => (existsSync(resolve(here, 'answers-heldout-3.jsonl')) ? jsonl<Item>('answers-heldout-3.jsonl') : []) },
  { name: 'blind held-out: answers-heldout-4', blind: true, read: false, load: () => (existsSync(resolve(here, 'answers-heldout-4.jsonl')) ? jsonl<Item>('answers-heldout-4.jsonl') : []) },
  { name: 'blind held-out: answers-heldout-5', blind: true, read: false, load: () => (existsSync(resolve(here, 'answers-heldout-5.jsonl')) ? jsonl<Item>('answers-heldout-5.jsonl') : []) },
  { name: 'blind held-out: answers-heldout-6', blind: true, read: false, load: () => (existsSync(resolve(here, 'answers-heldout-6.jsonl')) ? jsonl<Item>('answers-heldout-6.jsonl') : []) },
  // Written by a helper on 2026-12-02 without reading the product's code; blind until 2026-12-03: its totals read four times, then read item by item (no longer blind).
  { name: 'earlier held-out, read: answers-heldout-7', blind: false, read: true, load: () => (existsSync(resolve(here, 'answers-heldout-7.jsonl')) ? jsonl<Item>('answers-heldout-7.jsonl') : []) },
  // Written by a helper on 2026-12-03 (the stop that read answers-heldout-7) without reading the product's code.
  { name: 'blind held-out: answers-heldout-8', blind: true, read: false, load: () => (existsSync(resolve(here, 'answers-heldout-8.jsonl')) ? jsonl<Item>('answers-heldout-8.jsonl') : []) },
];

const normalise = (s: string) => s.toLowerCase().replace(/[“”"]/g, '"').replace(/[‘’']/g, "'").replace(/\s+/g, ' ');
const holds = (text: string, phrases: string[]) => phrases.some((p) => normalise(text).includes(normalise(p)));

/**
 * What an answer asserts: a stated verdict's words ("$50 — § 8-1804(e): “… $15 …”" asserts $50, not the
 * $15 its quote also holds); a yes or no, or a quote under no verdict, asserts what it quotes.
 */
export const assertedIn = (sentence: string) => {
  const stated = /^(.+?) — (?=§|Sec\b|Section\b|Art\.|[A-Z][\w.]*(?: [A-Z][\w.]*)* (?:Code|Charter) )/.exec(sentence);
  return stated && !/^(?:Yes|No)$/.test(stated[1]) ? stated[1] : sentence;
};

/** A verdict whose figure a longer phrase of the key holds ("Not to exceed 3 days" of "3 days per calendar year"). */
const withinPhrase = (verdict: string, phrases: string[]) => {
  const figure = /\$?\d[\d,.:]*\s*(?:%|[a-z.]+)?/i.exec(verdict)?.[0].trim();
  return !!figure && phrases.some((p) => normalise(p).includes(normalise(figure)));
};

/** Is this section (its id and number as the product gives them) one of the item's? */
type IsRight = (id: string, number: string) => boolean;

/** The grade of one answer against the set's key. */
export function grade(item: Item, answer: GenerateResponse, isRight: IsRight): Grade {
  // A baseline run of the code before issue 30 has no outcome: read it from what the answer says.
  const outcome = answer.analysis.outcome ?? (!answer.metadata.answer_found ? 'not_found' : /^(?:No\. )?The question assumes|^Note first:/.test(answer.analysis.answer ?? '') ? 'corrected' : 'answered');
  const refused = outcome === 'not_direct' || outcome === 'not_found';
  const sentence = answer.analysis.answer ?? '';
  // An answer from before the support check (a baseline run) marks no citation: its first is what it led with.
  const marked = answer.analysis.citations.some((c) => c.supports !== undefined);
  const supporting = marked ? answer.analysis.citations.filter((c) => c.supports) : answer.analysis.citations.slice(0, 1);
  const fromRightSection = supporting.some((c) => isRight(c.source_id, c.number));
  switch (item.kind) {
    case 'not_in_code':
    case 'unaddressed_premise':
      return refused ? 'right' : 'unsupported';
    case 'false_premise':
      if (refused) return 'refused';
      return outcome === 'corrected' && fromRightSection && holds(sentence, item.phrases) ? 'right' : 'unsupported';
    default:
      if (refused) return 'refused';
      const asserted = assertedIn(sentence);
      if (outcome === 'answered' && fromRightSection && (holds(asserted, item.phrases) || withinPhrase(asserted, item.phrases))) return 'right';
      return /^According to /.test(sentence) ? 'hedged' : 'unsupported';
  }
}

interface SetRun {
  name: string;
  blind: boolean;
  items: Item[];
  /** How a section is known to be one of the item's. */
  matcher: (item: Item, answer: GenerateResponse) => IsRight;
  cityCode?: string;
}

async function runSet(demo: Awaited<ReturnType<typeof startDemoApp>>, headers: Record<string, string>, set: SetRun, show: boolean, rows: string[][]) {
  const byKind = new Map<string, Record<Grade, number>>();
  const ms: number[] = [];
  let recallHits = 0;
  let recallN = 0;
  // Answerable questions refused: how often the related list still quotes the answer's words from a right section.
  let refusedAnswerable = 0;
  let refusedShowing = 0;
  for (const item of set.items) {
    const started = performance.now();
    const res = await demo.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers, payload: { main_user_question: item.question, ...(set.cityCode ? { city_code: set.cityCode } : {}) } });
    ms.push(performance.now() - started);
    const answer = res.json() as GenerateResponse;
    const isRight = set.matcher(item, answer);
    const g = grade(item, answer, isRight);
    const group = ['not_in_code', 'unaddressed_premise'].includes(item.kind) ? 'not in the code' : item.kind === 'false_premise' ? 'false premise' : 'answerable';
    const counts = byKind.get(group) ?? { right: 0, refused: 0, hedged: 0, unsupported: 0 };
    counts[g]++;
    byKind.set(group, counts);
    const showing = g === 'refused' && item.kind === 'answerable' && answer.analysis.citations.some((c) => isRight(c.source_id, c.number) && holds(c.quote, item.phrases));
    if (g === 'refused' && item.kind === 'answerable') refusedAnswerable++;
    if (showing) refusedShowing++;
    if (item.sections.length) {
      recallN++;
      if (answer.codes.slice(0, 5).some((c) => isRight(c.id, c.number))) recallHits++;
    }
    if (show && !set.blind) {
      console.log(`\n[${item.id} ${item.kind} → ${g}${showing ? ' (answer quoted as related)' : ''}] ${item.question}\n  want ${item.sections.join(', ') || '(none)'} "${item.phrases.join('" | "')}"; top5 ${answer.codes.slice(0, 5).map((c) => c.number).join(', ')}`);
      console.log(`  ${answer.analysis.outcome}: ${(answer.analysis.answer || answer.analysis.summary).slice(0, 300).replace(/\n/g, ' ')}`);
    }
  }
  const total = { right: 0, refused: 0, hedged: 0, unsupported: 0 };
  for (const c of byKind.values()) for (const k of Object.keys(total) as Grade[]) total[k] += c[k];
  const share = (a: number, n: number) => `${(a / Math.max(1, n)).toFixed(2)} (${a}/${n})`;
  for (const [group, c] of [...byKind.entries(), ['all', total] as const]) {
    const n = c.right + c.refused + c.hedged + c.unsupported;
    rows.push([set.name, group, String(n), share(c.right, n), share(c.refused, n), share(c.hedged, n), share(c.unsupported, n), group === 'all' ? share(recallHits, recallN) : '', group === 'all' ? share(refusedShowing, refusedAnswerable) : '', group === 'all' ? percentile(ms, 50).toFixed(0) : '']);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--set') ? args[args.indexOf('--set') + 1] : null;
  const city = args.includes('--city') ? args[args.indexOf('--city') + 1] : null;
  const show = args.includes('--show');
  // --read: every set already read (development and earlier held-out), none of the blind ones.
  const readOnly = args.includes('--read');
  const code = await loadCodeJsonl(resolve(here, '../../../data/demo/dc-code-full.jsonl.gz'));
  const numberOf = new Map(code.map((x) => [x.id, x.number]));
  // The database names sections its own way: a right D.C. section is known by its number ("§ 2-532").
  const dcMatcher = (item: Item) => {
    const numbers = item.sections.map((id) => numberOf.get(id) ?? id);
    return (_id: string, number: string) => numbers.includes(number);
  };
  console.log('importing the demo city (code, laws, meetings)...');
  const demo = await startDemoApp({ code: true, env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000', RATE_LIMIT_API_PER_MINUTE: '100000' } });
  const rows: string[][] = [];
  try {
    if (city === 'springboro') {
      if (!newCityAvailable()) throw new Error('the new city\'s files (NEWCITY_DIR) or newcity-heldout.jsonl are not on this machine');
      const admin = await demo.headers('admin@civicdesk.test');
      console.log("importing Springboro's code from its published pages (one zip)...");
      // A fresh city each run: an EVAL_DATA_DIR kept from an earlier run may hold one.
      const code = `B${Date.now().toString(36).slice(-5).toUpperCase()}`;
      const imported = await importNewCity(demo, admin, code);
      const c = imported.record.counts;
      console.log(`  ${c.files} files read, ${c.sections} sections (${c.repealed} repealed, ${c.reserved} reserved), ${c.copies_read_once ?? 0} copies read once, ${imported.record.problems.length} problems; ${imported.seconds.toFixed(1)} s from upload to completed (${(imported.archiveBytes / 1024 / 1024).toFixed(1)} MB archive)`);
      const full = new Map(newCityItems().map((x) => [x.id, x]));
      const items: Item[] = newCityItems().map((x) => ({ id: x.id, kind: x.kind, question: x.question, sections: x.sections, phrases: x.phrases }));
      await runSet(demo, admin, { name: 'blind new city: Springboro, before its vectors', blind: true, items, matcher: (item) => newCityMatcher(full.get(item.id)!), cityCode: code }, false, rows);
      const v = await vectorsBuilt(demo, admin, code, imported.id);
      console.log(`  meaning vectors: ${v.vectors} of ${v.vectors_total}${v.vectors_failed ? ' (failed)' : ''}`);
      await runSet(demo, admin, { name: 'blind new city: Springboro, with its vectors', blind: true, items, matcher: (item) => newCityMatcher(full.get(item.id)!), cityCode: code }, false, rows);
    } else if (city === 'sf' || city === 'sf-dev') {
      const set = city === 'sf-dev' ? 'dev' : 'heldout';
      if (!sfAvailable()) throw new Error('../shared/data/cities/sf-municipal-code is not on this machine');
      const admin = await demo.headers('admin@civicdesk.test');
      console.log("importing San Francisco's code from its files...");
      const counts = await importSf(demo, admin);
      console.log(`  ${counts.sections} sections, meaning vectors for ${counts.vectors} of ${counts.vectors_total}`);
      const items: Item[] = sfItems(set).map((x) => ({ id: x.id, kind: x.kind, question: x.question, sections: x.numbers, phrases: x.phrases }));
      const full = new Map(sfItems(set).map((x) => [x.id, x]));
      const name = set === 'dev' ? 'dev: San Francisco (sf-answers-dev, read)' : 'blind held-out: San Francisco (imported from its files)';
      await runSet(demo, admin, { name, blind: set !== 'dev', items, matcher: (item, answer) => sfMatcher(full.get(item.id)!, answer), cityCode: 'SF' }, set === 'dev' && show, rows);
    } else {
      const headers = await demo.headers();
      for (const set of SETS) {
        if ((only && !set.name.includes(only)) || (readOnly && set.blind)) continue;
        const items = set.load();
        if (items.length) await runSet(demo, headers, { name: set.name, blind: set.blind, items, matcher: dcMatcher }, show, rows);
      }
    }
    console.log('\nAnswers: right / refused / hedged / asserted without support — built-in offline engine, Knowledge Assistant over the API\n');
    console.log(formatTable(['set', 'questions', 'n', 'right', 'refused', 'hedged (quotes only)', 'asserted without support', 'recall@5', 'refused, answer quoted as related', 'p50 ms'], rows));
    console.log('\nAims on sets not tuned on: asserted without support ≤ 0.05; right ≥ 0.5; recall@5 ≥ 0.75; false premises corrected from the right provision ≥ 0.6.');
  } finally {
    await demo.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await main();
  process.exit(0);
}

/**
 * `npm run eval:gist`: the Summarizer's gist on MeetingBank-style items (eval/minutes/meetingbank:
 * the spoken discussion of one agenda item, with the short summary a council writes of it; written
 * by a helper session, see its README), against the extractive baselines LEAD-3, LexRank and
 * TextRank (summary-metrics.ts): ROUGE-1/2/L F1, and whether the summary states the decision (its
 * tally, or its outcome word when there is none), which is what a clerk's summary is for.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMinutes, verifySpans } from '../src/modules/minutes/reader';
import { lead, lexRank, rouge, textRank } from './summary-metrics';
import { formatTable } from './table';

interface Item {
  id: string;
  transcript: string;
  summary: string;
  decision: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const items = readFileSync(resolve(here, 'minutes/meetingbank/items.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Item);

/** The decision as a reader checks it: its tally ("7-2", "5–0") when it has one, else its outcome word. */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen'];
function statesDecision(summary: string, decision: string): boolean {
  // A tally said aloud ("six to one", "5 to 2") is the tally the summary writes "6-1".
  const flat = (s: string) =>
    s
      .toLowerCase()
      .replace(/[–—]/g, '-')
      .replace(new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'g'), (w) => String(NUMBER_WORDS.indexOf(w)))
      .replace(/\b(\d{1,2}),?\s+to\s+(\d{1,2})\b/g, '$1-$2');
  const tally = /\b\d{1,2}\s*-\s*\d{1,2}\b/.exec(flat(decision))?.[0].replace(/\s+/g, '');
  if (tally) return flat(summary).replace(/\s*-\s*/g, '-').includes(tally);
  // Without a tally, the outcome in any of its words: "approved", "adopted", "carries" and "confirmed" say the same.
  const OUTCOMES = [/\b(?:adopt|approv|pass|carri|confirm|grant)\w*/, /\b(?:fail|defeat|den|reject)\w*/, /\b(?:continu|defer|postpon)\w*/, /\btabl\w*/, /\bwithdr\w*/, /\breferr?\w*/];
  const outcome = OUTCOMES.find((o) => o.test(flat(decision)));
  return outcome ? outcome.test(flat(summary)) : false;
}

const systems: [string, (text: string) => string][] = [
  ['built-in gist', (text) => verifySpans(text, parseMinutes(text)).narrative.map((s) => s.sentence).join(' ')],
  ['LEAD-3', (text) => lead(text, 3)],
  ['LexRank (3 sentences)', (text) => lexRank(text, 3)],
  ['TextRank (3 sentences)', (text) => textRank(text, 3)],
];
const rows = systems.map(([name, summarize]) => {
  const sums = [0, 0, 0];
  let decided = 0;
  let words = 0;
  for (const item of items) {
    const out = summarize(item.transcript);
    rouge(out, item.summary).forEach((v, k) => (sums[k] += v / items.length));
    if (statesDecision(out, item.decision)) decided++;
    words += out.split(/\s+/).filter(Boolean).length / items.length;
    if (process.argv.includes('--show') && name === 'built-in gist') console.log(`\n${item.id} [${statesDecision(out, item.decision) ? 'decision stated' : 'NO DECISION'}] ${item.decision}\n  gist: ${out}\n  ref:  ${item.summary}`);
  }
  return [name, ...sums.map((v) => v.toFixed(3)), `${decided}/${items.length}`, String(Math.round(words))];
});
console.log(`\nGist on ${items.length} MeetingBank-style items (one agenda item each), against the reference summaries (F1, mean)\n`);
console.log(formatTable(['', 'ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'states the decision', 'words'], rows));

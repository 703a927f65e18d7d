/**
 * `npm run eval:chat`: the Legal Chatbot on 36 development questions written by a helper session
 * (eval/chat-questions.jsonl: 20 answerable, 10 with a false premise, 6 off-topic; see
 * drafting-chat-README.md), asked over a real HTTP connection as the demo clerk, the answer read as
 * the browser reads it. Answerable: is a right section among the citations? False premise: was it
 * corrected, and from a right section? Off-topic: was it refused? With the time to first token.
 * Then, reported apart, the 47 held-out premise questions (premises-heldout.jsonl, written blind):
 * false premises corrected from a right section, true and unaddressed ones left alone.
 */
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Citation } from '@civicdesk/contract';
import { createParser } from 'eventsource-parser';
import { startDemoApp } from './demo-app';
import { loadCodeJsonl } from './load';
import { formatTable, percentile } from './table';

interface ChatQuestion {
  id: string;
  kind: 'answerable' | 'false_premise' | 'off_topic';
  question: string;
  sections: string[];
}

const here = dirname(fileURLToPath(import.meta.url));

export interface StreamedAnswer {
  conversationId?: string;
  text: string;
  /** The answer sentence (the done event's `answer`). */
  answer: string;
  citations: Citation[];
  found: boolean;
  corrected: boolean;
  firstTokenMs: number;
  totalMs: number;
}

/** One question over HTTP, timed from the request to the first token and to the end. */
export async function askOverHttp(base: string, headers: Record<string, string>, message: string, conversationId?: string): Promise<StreamedAnswer> {
  const started = performance.now();
  const body = JSON.stringify({ message, ...(conversationId ? { conversation_id: conversationId } : {}) });
  const res = await fetch(`${base}/api/chat/legal`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' }, body });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const answer: StreamedAnswer = { text: '', answer: '', citations: [], found: false, corrected: false, firstTokenMs: NaN, totalMs: NaN };
  const parser = createParser({
    onEvent: (e) => {
      const data = JSON.parse(e.data);
      if (e.event === 'meta') answer.conversationId = data.conversation_id;
      else if (e.event === 'token') {
        if (Number.isNaN(answer.firstTokenMs)) answer.firstTokenMs = performance.now() - started;
        answer.text += data.text;
      } else if (e.event === 'citations') answer.citations = data.citations;
      else if (e.event === 'done') {
        answer.found = data.found;
        answer.corrected = data.corrected_premise;
        answer.answer = data.answer ?? '';
      } else if (e.event === 'error') throw new Error(data.message);
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  answer.totalMs = performance.now() - started;
  return answer;
}

async function main() {
  // --only c21,c29: just those development questions, each answer printed (to read why one fails).
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1].split(',')) : null;
  const questions = loadJsonl<ChatQuestion>('chat-questions.jsonl').filter((q) => !only || only.has(q.id));
  const premises = only ? [] : loadJsonl<PremiseQuestion>('premises-heldout.jsonl');
  const code = await loadCodeJsonl(resolve(here, '../../../data/demo/dc-code-full.jsonl.gz'));
  const numberOf = new Map(code.map((s) => [s.id, s.number]));
  console.log('importing the demo city (code, laws, meetings)...');
  const demo = await startDemoApp({ code: true, env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000', CHAT_STREAM_PACE_MS: '0' } });
  try {
    await demo.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(demo.app.server.address() as AddressInfo).port}`;
    const headers = await demo.headers();
    const rows: string[][] = [];
    const score = { answerable: [0, 0], false_premise: [0, 0], corrected: [0, 0], correctedRight: [0, 0], off_topic: [0, 0] };
    const firstTokens: number[] = [];
    for (const q of questions) {
      const answer = await askOverHttp(base, headers, q.question);
      firstTokens.push(answer.firstTokenMs);
      const rightNumbers = q.sections.map((s) => numberOf.get(s)!);
      const right = answer.citations.some((c) => rightNumbers.includes(c.number));
      if (only) {
        console.log(`\n== ${q.id} ${q.question}\n   want ${rightNumbers.join(', ')}; found=${answer.found} corrected=${answer.corrected}\n   ${answer.text.slice(0, 500)}`);
        for (const c of answer.citations) console.log(`   - ${c.number} ${c.title}: ${c.quote.slice(0, 200)}`);
      }
      let verdict: string;
      if (q.kind === 'off_topic') {
        score.off_topic[1]++;
        if (!answer.found) score.off_topic[0]++;
        verdict = answer.found ? 'answered (should refuse)' : 'refused';
      } else if (q.kind === 'answerable') {
        score.answerable[1]++;
        if (answer.found && right) score.answerable[0]++;
        verdict = !answer.found ? 'not found' : right ? 'right section cited' : `cited ${answer.citations.map((c) => c.number).join(', ')}`;
      } else {
        score.false_premise[1]++;
        score.corrected[1]++;
        score.correctedRight[1]++;
        if (answer.found && right) score.false_premise[0]++;
        if (answer.corrected) score.corrected[0]++;
        const fromRight = answer.corrected && correctedFrom(answer, rightNumbers);
        if (fromRight) score.correctedRight[0]++;
        verdict = `${answer.corrected ? (fromRight ? 'corrected from a right section' : 'corrected from another section') : 'not corrected'}; ${right ? 'right section cited' : 'right section not cited'}`;
      }
      rows.push([q.id, q.kind, q.question.slice(0, 60), verdict, answer.firstTokenMs.toFixed(0)]);
    }
    console.log(`\nLegal Chatbot eval: ${questions.length} development questions, demo city (D.C.), built-in offline engine, over HTTP\n`);
    console.log(formatTable(['id', 'kind', 'question', 'outcome', 'first token ms'], rows));
    const share = ([a, b]: number[]) => `${((100 * a) / Math.max(1, b)).toFixed(0)} % (${a}/${b})`;
    console.log('');
    console.log(
      formatTable(
        ['answerable: right section cited', 'false premise: corrected', 'corrected from a right section', 'false premise: right section cited', 'off-topic refused', 'first token p50 ms', 'p95 ms'],
        [[share(score.answerable), share(score.corrected), share(score.correctedRight), share(score.false_premise), share(score.off_topic), percentile(firstTokens, 50).toFixed(0), percentile(firstTokens, 95).toFixed(0)]],
      ),
    );
    if (premises.length) await premiseTable(premises, (q) => askOverHttp(base, headers, q), numberOf);
  } finally {
    await demo.close();
  }
}

interface PremiseQuestion {
  id: string;
  kind: 'false_premise' | 'true_premise' | 'unaddressed_premise';
  question: string;
  sections: string[];
  phrases: string[];
}

/** The correction is the answer's first paragraph: it must name a right section (its number). */
function correctedFrom(answer: StreamedAnswer, rightNumbers: string[]): boolean {
  const correction = answer.text.split('\n\n')[0];
  return rightNumbers.some((n) => correction.includes(n));
}

/**
 * The held-out premise questions (eval/premises-heldout.jsonl, written blind): aggregates only, no
 * question is printed. False premises: corrected, from a right section, with the words that settle
 * it in the correction. True and unaddressed premises: left uncorrected.
 */
async function premiseTable(questions: PremiseQuestion[], ask: (q: string) => Promise<StreamedAnswer>, numberOf: Map<string, string>) {
  const tally = { false_premise: [0, 0, 0, 0], true_premise: [0, 0], unaddressed_premise: [0, 0] };
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  for (const q of questions) {
    const answer = await ask(q.question);
    if (q.kind === 'false_premise') {
      const rightNumbers = q.sections.map((s) => numberOf.get(s) ?? s);
      const t = tally.false_premise;
      t[0]++;
      if (answer.corrected) t[1]++;
      if (answer.corrected && correctedFrom(answer, rightNumbers)) t[2]++;
      if (answer.corrected && q.phrases.some((p) => norm(answer.text.split('\n\n')[0]).includes(norm(p)))) t[3]++;
    } else {
      const t = tally[q.kind];
      t[0]++;
      if (!answer.corrected) t[1]++;
    }
  }
  const share = (a: number, n: number) => `${(a / Math.max(1, n)).toFixed(2)} (${a}/${n})`;
  const f = tally.false_premise;
  console.log(`\nHeld-out premises (eval/premises-heldout.jsonl, written blind; aggregates only)\n`);
  console.log(
    formatTable(
      ['false premise: corrected', 'corrected from a right section', 'correction quotes the settling words', 'true premise: left alone', 'unaddressed premise: left alone'],
      [[share(f[1], f[0]), share(f[2], f[0]), share(f[3], f[0]), share(tally.true_premise[1], tally.true_premise[0]), share(tally.unaddressed_premise[1], tally.unaddressed_premise[0])]],
    ),
  );
}

function loadJsonl<T>(file: string): T[] {
  return readFileSync(resolve(here, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * `npm run eval:conversations`: two-turn conversations (a follow-up that needs the first turn) asked
 * of the Knowledge Assistant (POST /api/municipal_code/generate, the second turn in the first's
 * thread) and of the Legal Chatbot (POST /api/chat/legal, in the first's conversation), over the
 * API as the demo clerk, built-in offline engine. Per turn: is a right section among the first 3
 * sections listed (the assistant) or cited (the chatbot), and does the answer's first 400
 * characters hold the phrase a reader acts on (the period, the amount, the body...)?
 *
 *   development sets: eval/conversations-dev.jsonl (12, written while building) and
 *                     conversations-dev2.jsonl (40, written by a helper without reading the code; tuned on)
 *   held-out sets:   eval/conversations-heldout.jsonl (written blind by a helper session; see its README;
 *                    its totals were read while tuning, so it is no longer blind) and
 *                    conversations-heldout-2.jsonl (30, written blind on 2026-11-29; see answers-heldout-2-README.md;
 *                    its totals were read three times while tuning) and conversations-heldout-3.jsonl (30, written
 *                    blind later that day; see answers-heldout-3-README.md; its totals read four times, no item)
 *
 *   npm run eval:conversations -- --set dev --show   print each dev answer (never the held-out ones)
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { GenerateResponse } from '@civicdesk/contract';
import { askOverHttp } from './chat';
import { startDemoApp } from './demo-app';
import { loadCodeJsonl } from './load';
import { formatTable, percentile } from './table';

interface Turn {
  question: string;
  sections: string[];
  phrases: string[];
}
interface Conversation {
  id: string;
  title: string;
  turns: Turn[];
}

const here = dirname(fileURLToPath(import.meta.url));
const SETS = [
  ['dev', 'conversations-dev.jsonl'],
  ['dev-2', 'conversations-dev2.jsonl'],
  ['held-out', 'conversations-heldout.jsonl'],
  ['held-out-2', 'conversations-heldout-2.jsonl'],
  ['held-out-3', 'conversations-heldout-3.jsonl'],
] as const;
/** The answer's opening a reader acts on. */
const OPENING = 400;

const normalise = (s: string) => s.toLowerCase().replace(/[“”"]/g, '"').replace(/[‘’']/g, "'").replace(/\s+/g, ' ');
export const holdsPhrase = (text: string, phrases: string[]) => phrases.some((p) => normalise(text.slice(0, OPENING)).includes(normalise(p)));

function load(file: string): Conversation[] {
  return readFileSync(resolve(here, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Conversation);
}

interface Score {
  right: number;
  phrase: number;
  n: number;
  ms: number[];
}
const empty = (): Score => ({ right: 0, phrase: 0, n: 0, ms: [] });

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--set') ? args[args.indexOf('--set') + 1] : null;
  const show = args.includes('--show');
  // The database names sections its own way: a right section is known by its number ("§ 2-532").
  const code = await loadCodeJsonl(resolve(here, '../../../data/demo/dc-code-full.jsonl.gz'));
  const numberOf = new Map(code.map((x) => [x.id, x.number]));
  const numbers = (ids: string[]) => ids.map((id) => numberOf.get(id) ?? id);
  console.log('importing the demo city (code, laws, meetings)...');
  const demo = await startDemoApp({ code: true, env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000', RATE_LIMIT_API_PER_MINUTE: '100000', CHAT_STREAM_PACE_MS: '0' } });
  try {
    await demo.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(demo.app.server.address() as AddressInfo).port}`;
    const headers = await demo.headers();
    const rows: string[][] = [];
    for (const [name, file] of SETS) {
      if (only && only !== name) continue;
      const conversations = load(file);
      // Answers of a held-out set are never printed: nobody tunes on them.
      const print = show && !name.startsWith('held-out');
      const assistant = [empty(), empty()];
      const chat = [empty(), empty()];
      for (const c of conversations) {
        let threadId: string | undefined;
        for (const [i, turn] of c.turns.entries()) {
          const started = performance.now();
          const res = await demo.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers, payload: { main_user_question: turn.question, ...(threadId ? { thread_id: threadId } : {}) } });
          const answer = res.json() as GenerateResponse;
          threadId = answer.metadata.thread_id;
          const s = assistant[Math.min(i, 1)];
          s.n++;
          s.ms.push(performance.now() - started);
          const top3 = answer.codes.slice(0, 3).map((x) => x.number);
          if (top3.some((n) => numbers(turn.sections).includes(n))) s.right++;
          if (holdsPhrase(answer.analysis.summary, turn.phrases)) s.phrase++;
          if (print) console.log(`\n[${c.id} turn ${i + 1}] ${turn.question}\n  want ${numbers(turn.sections).join(', ')} "${turn.phrases.join('" | "')}"; top3 ${top3.join(', ')}\n  ${answer.analysis.summary.slice(0, OPENING).replace(/\n/g, ' ')}`);
        }
        let conversationId: string | undefined;
        for (const [i, turn] of c.turns.entries()) {
          const reply = await askOverHttp(base, headers, turn.question, conversationId);
          conversationId = reply.conversationId;
          const s = chat[Math.min(i, 1)];
          s.n++;
          s.ms.push(reply.firstTokenMs);
          if (reply.citations.some((x) => numbers(turn.sections).includes(x.number))) s.right++;
          if (holdsPhrase(reply.text, turn.phrases)) s.phrase++;
        }
      }
      const share = (a: number, n: number) => `${(a / Math.max(1, n)).toFixed(2)} (${a}/${n})`;
      for (const [tool, scores] of [['Knowledge Assistant', assistant], ['Legal Chatbot', chat]] as const) {
        scores.forEach((s, i) => {
          rows.push([`${name} (${conversations.length})`, tool, i === 0 ? 'first question' : 'follow-up', share(s.right, s.n), share(s.phrase, s.n), percentile(s.ms, 50).toFixed(0), percentile(s.ms, 95).toFixed(0)]);
        });
      }
    }
    console.log('\nConversations: demo city (D.C.), built-in offline engine, over the API\n');
    console.log(formatTable(['set', 'tool', 'turn', 'right section (assistant: top 3 listed; chatbot: cited)', 'phrase in first 400 characters', 'p50 ms', 'p95 ms'], rows));
    console.log('\n(Assistant: the time of the whole answer; chatbot: the time to its first token.)');
  } finally {
    await demo.close();
  }
}

await main();
process.exit(0);

/**
 * `npm run eval:rerank`: tunes the second stage of retrieval (src/platform/retrieval/rerank.ts) on
 * the development questions only — the 99 dev questions of assistant-questions.jsonl and the
 * development conversations (conversations-dev*.jsonl, follow-ups with their first turn as context).
 * Each question's first-stage pool and its features are computed once; weights are then searched
 * by coordinate ascent over the grid (each weight tried at every grid value, the others fixed, for
 * a few rounds), re-ranking in memory. Prints the path, the best weights by recall@5 + MRR / 2 and
 * the current default's score. Held-out sets are never read here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCodeIndex, DEFAULT_RERANK, readSectionVectors, type RerankWeights, type RetrievalHit, useLiteEmbedder } from '../src/platform/retrieval';
import { loadCodeJsonl, loadQuestions } from './load';
import { formatTable } from './table';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const KEYS: (keyof RerankWeights)[] = ['first', 'heading', 'place', 'paragraph', 'coverage', 'shape', 'previous', 'near', 'aspect', 'subject', 'definitions'];
const GRID: Record<keyof RerankWeights, number[]> = {
  first: [1],
  heading: [0, 0.1, 0.15, 0.2, 0.3, 0.5],
  place: [0, 0.1, 0.2, 0.3],
  paragraph: [0, 0.25, 0.5, 0.75, 1],
  coverage: [0, 0.25, 0.5, 0.75, 1],
  shape: [0, 0.05, 0.1, 0.2, 0.3],
  previous: [0, 0.05, 0.1, 0.2, 0.3],
  near: [0, 0.05, 0.1, 0.2, 0.3],
  aspect: [0, 0.25, 0.5, 0.75, 1],
  subject: [0, 0.25, 0.5, 0.75, 1, 1.5],
  definitions: [0, -0.1, -0.2, -0.4],
};

interface Pooled {
  want: string[];
  pinned: string[];
  /** Pool members with their features, then the rest of the first stage's order. */
  pool: { id: string; features: Record<string, number> }[];
  rest: string[];
}

async function main() {
  const docs = await loadCodeJsonl(resolve(root, 'data/demo/dc-code-full.jsonl.gz'));
  const vectorsPath = resolve(root, 'data/demo/dc-code-vectors.bin');
  const vectors = existsSync(vectorsPath) ? await readSectionVectors(vectorsPath) : null;
  const embedQuery = vectors ? await useLiteEmbedder(0) : undefined;
  const index = await buildCodeIndex(docs, { vectors, embedQuery });

  const questions = loadQuestions(resolve(root, 'apps/server/eval/assistant-questions.jsonl')).filter((q) => !q.holdout);
  // The development conversations (not the held-out ones).
  const conversations = ['conversations-dev.jsonl', 'conversations-dev2.jsonl']
    .map((f) => resolve(root, 'apps/server/eval', f))
    .filter((f) => existsSync(f))
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()))
    .map((l) => JSON.parse(l) as { turns: { question: string; sections: string[] }[] });

  const pools: Pooled[] = [];
  const collect = async (question: string, want: string[], context?: string, candidates?: string[]) => {
    const hits = await index.search(question, { limit: 100, context, candidates });
    pools.push(toPool(hits, want));
  };
  for (const q of questions) await collect(q.question, q.sections);
  for (const c of conversations) {
    const [first, next] = c.turns;
    await collect(first.question, first.sections);
    // As a thread carries it: the first question and the headings of the sections its answer cited (here the first two found).
    const cited = (await index.search(first.question, { limit: 2 })).map((h) => h.id);
    const headings = cited.map((id) => docs.find((d) => d.id === id)!.title);
    await collect(next.question, next.sections, [first.question, ...headings].join(' '), cited);
  }
  console.log(`${pools.length} development questions (${questions.length} single, ${conversations.length * 2} conversation turns)`);

  const row = (label: string, w: RerankWeights) => {
    const m = measure(pools, w);
    return [label, ...KEYS.map((k) => String(w[k])), m.r1.toFixed(3), m.r5.toFixed(3), m.mrr.toFixed(3)];
  };
  const firstStageOnly = Object.fromEntries(KEYS.map((k) => [k, k === 'first' ? 1 : 0])) as unknown as RerankWeights;
  const rows = [row('first stage only', firstStageOnly), row('current default', DEFAULT_RERANK)];
  let best = { ...DEFAULT_RERANK };
  let bestScore = measure(pools, best).score;
  for (let round = 1; round <= 3; round++) {
    let moved = false;
    for (const k of KEYS) {
      for (const v of GRID[k]) {
        const tried = { ...best, [k]: v };
        const score = measure(pools, tried).score;
        if (score > bestScore + 1e-9) {
          best = tried;
          bestScore = score;
          moved = true;
        }
      }
    }
    rows.push(row(`after round ${round}`, best));
    if (!moved) break;
  }
  console.log(formatTable(['weights', ...KEYS, 'recall@1', 'recall@5', 'MRR'], rows));
}

function toPool(hits: RetrievalHit[], want: string[]): Pooled {
  const pinned = hits.filter((h) => h.signals.number).map((h) => h.id);
  const pool = hits.filter((h) => !h.signals.number && h.signals.rerank !== undefined).map((h) => ({ id: h.id, features: Object.fromEntries(Object.entries(h.signals).filter(([k]) => k.startsWith('rr_')).map(([k, v]) => [k.slice(3), v])) }));
  const rest = hits.filter((h) => !h.signals.number && h.signals.rerank === undefined).map((h) => h.id);
  return { want, pinned, pool, rest };
}

function measure(pools: Pooled[], w: RerankWeights) {
  let r1 = 0, r5 = 0, mrr = 0;
  for (const p of pools) {
    const order = [...p.pinned, ...p.pool.map((x) => ({ id: x.id, s: KEYS.reduce((sum, k) => sum + w[k] * (x.features[k] ?? 0), 0) })).sort((a, b) => b.s - a.s).map((x) => x.id), ...p.rest];
    const rank = order.findIndex((id) => p.want.includes(id)) + 1;
    if (rank === 1) r1++;
    if (rank >= 1 && rank <= 5) r5++;
    if (rank >= 1) mrr += 1 / rank;
  }
  const n = pools.length;
  return { r1: r1 / n, r5: r5 / n, mrr: mrr / n, score: r5 / n + mrr / n / 2 };
}


await main();
process.exit(0);

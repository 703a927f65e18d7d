/**
 * `npm run eval:interim`: the Knowledge Assistant's retrieval while a location's index is still being
 * built after a start (the interim search, platform/retrieval/interim.ts) against the whole index,
 * on the demo D.C. Code in an embedded database: recall of the expected section on the development
 * and held-out questions, how many questions pass the relevance gate, how many off-topic questions
 * it lets through, and the time per search (event loop and database included).
 *
 *   npm run eval:interim                    imports the demo city into a temporary folder first (a minute or two)
 *   npm run eval:interim -- --data DIR      a DATA_DIR whose embedded database already holds the demo city
 */
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client';
import { codeSections } from '../src/db/schema';
import { importDemoCity } from '../src/imports/demo';
import { silentProgress } from '../src/imports/progress';
import { refreshStatistics } from '../src/imports/statistics';
import { useLiteEmbedder, type CodeIndex } from '../src/platform/retrieval';
import { codeIndexOptions, createIndexRegistry } from '../src/platform/retrieval/registry';
import { relevanceBand } from '../src/platform/retrieval/relevance';
import { enabledLocations } from '../src/platform/retrieval/repo';
import { loadQuestions, type EvalQuestion } from './load';
import { formatTable, percentile } from './table';

const here = dirname(fileURLToPath(import.meta.url));
const SUBSETS = [
  ['dev', (x: EvalQuestion) => !x.holdout],
  ['held-out', (x: EvalQuestion) => Boolean(x.holdout)],
] as const;

async function main() {
  const args = process.argv.slice(2);
  const given = args.includes('--data') ? resolve(args[args.indexOf('--data') + 1]) : null;
  const dataDir = given ?? mkdtempSync(join(os.tmpdir(), 'civicdesk-interim-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    if (!given) {
      await importDemoCity(database.db, silentProgress);
      await refreshStatistics(database.db, { onlyMissing: false });
    }
    const [location] = await enabledLocations(database.db);
    const questions = [...loadQuestions(resolve(here, 'assistant-questions.jsonl')), ...loadQuestions(resolve(here, 'assistant-heldout-questions.jsonl'))];
    const offTopic = loadQuestions(resolve(here, 'unanswerable-questions.jsonl'));
    // The section ids of the questions are the code's own (source) ids.
    const sourceOf = new Map((await database.db.select({ id: codeSections.id, sourceId: codeSections.sourceId }).from(codeSections).where(eq(codeSections.locationId, location.id))).map((r) => [r.id, r.sourceId]));
    await useLiteEmbedder(); // loaded, as it is a second or two after a start

    let release!: () => void;
    codeIndexOptions.holdBuild = new Promise((r) => (release = r));
    codeIndexOptions.waitForSections = 0;
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const registry = createIndexRegistry(database.db, quiet);
    void registry.get(location.id).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500)); // the build reads the vectors, then waits
    const interim = await measure((q) => registry.indexFor(location.id, [q]), questions, offTopic, sourceOf);
    release();
    await registry.get(location.id);
    const whole = await measure((q) => registry.indexFor(location.id, [q]), questions, offTopic, sourceOf);

    const rows = [];
    for (const [name, m] of [['interim search (index being built)', interim], ['whole index', whole]] as const)
      for (const [subset, pick] of SUBSETS) {
        const sel = m.perQuestion.filter((p) => pick(p.q));
        const mean = (f: (p: (typeof sel)[number]) => number) => (sel.reduce((s, p) => s + f(p), 0) / sel.length).toFixed(2);
        rows.push([name, `${subset} (${sel.length})`, mean((p) => +(p.rank === 1)), mean((p) => +(p.rank <= 5)), mean((p) => +(p.rank <= 10)), mean((p) => +p.answered), percentile(sel.map((p) => p.ms), 50).toFixed(0), percentile(sel.map((p) => p.ms), 95).toFixed(0)]);
      }
    console.log(formatTable(['search', 'questions', 'recall@1', 'recall@5', 'recall@10', 'answered', 'p50 ms', 'p95 ms'], rows));
    console.log(`\noff-topic questions let through (of ${offTopic.length}): interim ${interim.offTopicAnswered}, whole index ${whole.offTopicAnswered}`);
  } finally {
    await database.close();
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(indexFor: (q: string) => Promise<CodeIndex>, questions: EvalQuestion[], offTopic: EvalQuestion[], sourceOf: Map<string, string>) {
  const perQuestion = [];
  for (const q of questions) {
    const started = performance.now();
    const index = await indexFor(q.question);
    const hits = await index.search(q.question, { limit: 10 });
    const ms = performance.now() - started;
    const at = hits.findIndex((h) => q.sections.includes(sourceOf.get(h.id) ?? ''));
    perQuestion.push({ q, ms, rank: at < 0 ? Infinity : at + 1, answered: relevanceBand(index, [q.question], hits) === 'answers' });
  }
  let offTopicAnswered = 0;
  for (const q of offTopic) {
    const index = await indexFor(q.question);
    if (relevanceBand(index, [q.question], await index.search(q.question, { limit: 10 })) === 'answers') offTopicAnswered++;
  }
  return { perQuestion, offTopicAnswered };
}

await main();
// The query model's worker thread would keep the process alive after the table is printed.
process.exit(0);

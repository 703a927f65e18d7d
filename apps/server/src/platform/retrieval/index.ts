import { buildBm25, DEFAULT_BM25, scoreBm25, type Bm25Index, type Bm25Params } from './bm25';
import { createSlicer } from '../workers/slices';
import { buildDenseIndex, scoreDense, useLiteEmbedder, type DenseIndex, type QueryEmbedder } from './dense';
import { chapterScores, reciprocalRankFusion, topIndices, weightedFusion } from './fusion';
import { coverageOf } from './coverage';
import { addLexiconTerms, compileSynonyms, expandQuery, statuteWordsFor, type LexiconTuning, type SynonymRule } from './query';
import { wordNet, type Lexicon } from './lexicon';
import { sectionNumberKey, sectionNumbersIn } from './section-number';
import { isStopword, terms, words } from './tokenize';
import { isInForce } from './status';
import { createReranker, DEFAULT_RERANK, type RerankWeights } from './rerank';
import { askedFor } from '../ai/lead';
import type { CodeIndex, CodeSectionDoc, RetrievalHit, SearchOptions } from './types';
import type { SectionVectors } from './vectors-file';

export type { CodeIndex, CodeSectionDoc, RetrievalHit, SearchOptions } from './types';
export type { QueryEmbedder } from './dense';
export type { SectionVectors } from './vectors-file';
export { readSectionVectors, readSectionVectorsIfPresent, writeSectionVectors } from './vectors-file';
export { useLiteEmbedder } from './dense';
export { embeddingHash, embeddingText, EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION } from './embedding-text';
export { isInForce, statusOfRow } from './status';
export { sectionNumberKey, sectionNumbersIn } from './section-number';
export { DEFAULT_RERANK, type RerankWeights } from './rerank';

/** Knobs of the ranking; the defaults are what the eval measured best on the development set. */
export interface RetrievalTuning {
  /** Weight of statute words added by the synonym layer (0 = no synonyms). */
  synonymWeight: number;
  bm25: Bm25Params;
  /** Weight of the lexical (BM25F) ranking in the fusion. */
  lexicalWeight: number;
  /** Weight of the semantic ranking in the fusion (0 = lexical only). */
  denseWeight: number;
  fusion: 'rrf' | 'weighted';
  rrfK: number;
  /** Candidates taken from each retriever. */
  depth: number;
  /** Weight of chapter-level evidence added to each section (0 = off). */
  chapterWeight: number;
  perChapter: number;
  /** Also give the semantic model the synonym layer's statute words. */
  denseExpansion: boolean;
  /** What the semantic model reads: the question as asked, or its content words only. */
  denseQuery: 'question' | 'content';
  /** Weight of a follow-up's conversation words (SearchOptions.context) against the question's own. */
  contextWeight: number;
  /** The second stage (rerank.ts): its weights, or null for the first stage's order. */
  rerank: RerankWeights | null;
  /** Candidates of the first stage the second one reads again. */
  rerankDepth: number;
  /** WordNet's words for the reader's own (lexicon.ts); weight 0 = off, the lexicon not read. */
  lexicon: LexiconTuning;
}

export const DEFAULT_TUNING: RetrievalTuning = {
  synonymWeight: 0.8,
  bm25: DEFAULT_BM25,
  lexicalWeight: 1,
  denseWeight: 0.5,
  fusion: 'weighted',
  rrfK: 60,
  depth: 200,
  chapterWeight: 0.3,
  perChapter: 3,
  denseExpansion: false,
  denseQuery: 'question',
  contextWeight: 1,
  rerank: DEFAULT_RERANK,
  rerankDepth: 40,
  // WordNet at 0.3 (0.5 for a broader word, two senses) gained on the development sets read without the civic synonyms
  // and nothing on the blind ones (decision 020): off, measured by eval:assistant's "full + WordNet".
  lexicon: { weight: 0, broader: 0.5, senses: 2 },
};

export interface BuildCodeIndexOptions {
  /** Precomputed section vectors (see readSectionVectors); sections without a row rank lexically. */
  vectors?: SectionVectors | null;
  /** Query embedder of the vectors' model; defaults to the bundled USE-lite model, loaded lazily. */
  embedQuery?: QueryEmbedder;
  tuning?: Partial<RetrievalTuning>;
  /** Replaces the built-in civic synonym table. */
  synonyms?: ReadonlyArray<readonly [string[], string]>;
  /** Load the lexicon even where the default tuning does not use it (the eval's variants). */
  lexicon?: boolean;
  /**
   * Told how each use of the query model went: null when it embedded, the error when it could not
   * load or embed (the question then ranks on its words alone). The registry logs and reports it.
   */
  onQueryModel?: (err: unknown) => void;
}

export interface TunableSearchOptions extends SearchOptions {
  /** Per-call overrides, used by the eval to measure each signal's contribution. */
  tuning?: Partial<RetrievalTuning>;
}

export async function buildCodeIndex(docs: CodeSectionDoc[], opts: BuildCodeIndexOptions = {}): Promise<CodeIndex & {
  search(query: string | string[], opts?: TunableSearchOptions): Promise<RetrievalHit[]>;
  searchMany(queries: string[], opts?: TunableSearchOptions): Promise<RetrievalHit[]>;
}> {
  const started = performance.now();
  const bm25 = await buildBm25(
    docs.map((d) => ({
      heading: d.title,
      context: [d.titleName, d.chapterTitle, d.subchapterTitle].filter(Boolean).join(' '),
      text: d.text,
    })),
  );
  const dense = opts.vectors ? await buildDenseIndex(docs, opts.vectors) : null;
  const rules = compileSynonyms(opts.synonyms);
  // Per section: its id and number found back, in force or not, its chapter; in slices like the rest.
  const slicer = createSlicer();
  const indexOfId = new Map<string, number>();
  const byNumber = new Map<string, number>();
  const inForce = new Uint8Array(docs.length);
  const chapterOf = new Int32Array(docs.length);
  const chapters = new Map<string, number>();
  for (let i = 0; i < docs.length; i++) {
    if (slicer.due()) await slicer.pause();
    const d = docs[i];
    indexOfId.set(d.id, i);
    byNumber.set(sectionNumberKey(d.number), i);
    inForce[i] = isInForce(d) ? 1 : 0;
    const chapterKey = `${d.titleNumber}|${d.chapterTitle ?? ''}|${d.subchapterTitle ?? ''}`;
    let chapter = chapters.get(chapterKey);
    if (chapter === undefined) chapters.set(chapterKey, (chapter = chapters.size));
    chapterOf[i] = chapter;
  }
  const all = new Uint8Array(docs.length).fill(1);
  const base: RetrievalTuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const chapterMembers = new Map<number, number[]>();
  for (let d = 0; d < docs.length; d++) {
    const members = chapterMembers.get(chapterOf[d]);
    if (members) members.push(d);
    else chapterMembers.set(chapterOf[d], [d]);
  }
  const onQueryModel = opts.onQueryModel ?? (() => undefined);
  const lexicon = base.lexicon.weight > 0 || opts.lexicon ? await wordNet() : null;
  const ctx: SearchContext = { lexicon, docs, bm25, dense, rules, byNumber, indexOfId, chapterOf, chapterMembers, embedQuery: opts.embedQuery, rerank: createReranker(docs, bm25), onQueryModel };
  // Start loading the query model now, so the first question does not wait for it.
  if (dense?.covered && !opts.embedQuery) useLiteEmbedder().catch(onQueryModel);

  async function searchMany(queries: string[], o: TunableSearchOptions = {}): Promise<RetrievalHit[]> {
    const tuning = { ...base, ...o.tuning };
    const eligible = o.includeRepealed ? all : inForce;
    return rank(ctx, queries.map((q) => q.trim()).filter(Boolean), tuning, eligible, o);
  }

  return {
    size: docs.length,
    vectorCount: dense?.covered ?? 0,
    buildMs: Math.round(performance.now() - started),
    searchMany,
    search: (query, o) => searchMany(Array.isArray(query) ? query : [query], o),
    statuteWords: (question) => statuteWordsFor(question, rules),
    coverage: (question, id) => {
      const d = indexOfId.get(id);
      return d === undefined ? 0 : coverageOf(bm25, rules, question, d);
    },
  };
}

interface SearchContext {
  lexicon: Lexicon | null;
  docs: CodeSectionDoc[];
  bm25: Bm25Index;
  dense: DenseIndex | null;
  rules: SynonymRule[];
  byNumber: Map<string, number>;
  indexOfId: Map<string, number>;
  chapterOf: Int32Array;
  /** The sections of each chapter, in code order. */
  chapterMembers: Map<number, number[]>;
  embedQuery?: QueryEmbedder;
  rerank: ReturnType<typeof createReranker>;
  onQueryModel: (err: unknown) => void;
}

/** Heading words of the section that answers each kind of question, for a follow-up's neighbours. */
const ASPECT_HEADINGS: Partial<Record<ReturnType<typeof askedFor>, string[]>> = {
  penalty: terms('penalty penalties fine fines enforcement violation remedies sanctions'),
  amount: terms('fee fees cost costs charge charges'),
  period: terms('time limit limitation deadline period'),
};

/** Sections of a chapter read for a follow-up's neighbours (chapters of the D.C. Code run to a few hundred). */
const NEIGHBOURS_READ = 400;

interface QueryRanking {
  ranking: number[];
  final: Float32Array;
  signals: Map<number, Record<string, number>>;
}

async function rank(ctx: SearchContext, queries: string[], t: RetrievalTuning, eligible: Uint8Array, o: SearchOptions): Promise<RetrievalHit[]> {
  if (!queries.length) return [];
  const limit = o.limit ?? 10;
  const pinned: number[] = [];
  for (const q of queries)
    for (const key of sectionNumbersIn(q)) {
      const d = ctx.byNumber.get(key);
      if (d !== undefined && eligible[d] && !pinned.includes(d)) pinned.push(d);
    }

  // A follow-up's conversation ("Can that be extended?" after a records-request question) adds its
  // words at a lower weight, so the question's own words still decide among the sections of the subject.
  const context = o.context?.trim() ? expandQuery(o.context, ctx.rules, t.synonymWeight) : null;
  const expanded = queries.map((q) => {
    const own = expandQuery(q, ctx.rules, t.synonymWeight);
    if (context) addContext(own.terms, context.terms, t.contextWeight);
    // (Not for a follow-up: its few words, read widely, pull away from the conversation's subject.)
    else addLexiconTerms(own.terms, q, ctx.lexicon, t.lexicon, ctx.rules);
    return own;
  });
  const denseTexts = queries.map((q, i) => {
    const text = t.denseQuery === 'content' ? contentWords(q) || q : q;
    const withContext = context ? `${text} ${o.context}` : text;
    return t.denseExpansion ? `${withContext} ${expanded[i].added.join(' ')}` : withContext;
  });
  // The conversation's subject alone is one more ranking to fuse: a section of the subject that also
  // speaks to the question's own words rises above one that speaks to those words on another subject.
  if (context) denseTexts.push(o.context!);
  const vectors = await embedQueries(ctx, t, denseTexts);
  const perQuery = queries.map((_, i) => rankOne(ctx, t, eligible, expanded[i].terms, vectors?.[i]));
  if (context) perQuery.push(rankOne(ctx, t, eligible, context.terms, vectors?.[queries.length]));

  // Several phrasings: fuse their final rankings by rank, so no phrasing's score scale dominates.
  const combined =
    perQuery.length === 1
      ? perQuery[0].final
      : reciprocalRankFusion(perQuery.map((p, i) => ({ ranking: p.ranking, weight: context && i === queries.length ? contextRankWeight(queries[0]) : 1 })), ctx.docs.length, t.rrfK);
  let order = perQuery.length === 1 ? perQuery[0].ranking : topIndices(combined, t.depth, eligible, 0);
  const reranked = new Map<number, { score: number; features: Record<string, number> }>();
  const previous = new Set((o.candidates ?? []).map((id) => ctx.indexOfId.get(id)).filter((d): d is number => d !== undefined && eligible[d] === 1));
  if (t.rerank) {
    const query = new Map<string, number>();
    for (const e of expanded) for (const [term, weight] of e.terms) query.set(term, Math.max(query.get(term) ?? 0, weight));
    // A follow-up's answer is often the next section over ("What's the penalty?" after the rule): the
    // previous answer's chapters, and their sections whose heading holds one of the question's own words.
    const nearChapters = new Set([...previous].map((d) => ctx.chapterOf[d]));
    // The question's own words and what the synonym layer reads into them ("fine" -> "penalty"), not the conversation's.
    const asked = askedFor(queries[0]);
    const own = new Set([...query].filter(([, w]) => w >= Math.min(1, t.synonymWeight)).map(([term]) => term));
    // What is asked names a heading too: "what happens if they do it anyway?" reads "Penalties", "what does it cost?" "Fees".
    for (const term of ASPECT_HEADINGS[asked] ?? []) own.add(term);
    // A new aspect counts more than the earlier subject again: "How quickly does the board decide it?"
    // after a question to the appeals board does not make every "... Board" heading of the chapter an answer.
    const earlier = (term: string) => Boolean(context?.terms.has(term)) && !ASPECT_HEADINGS[asked]?.includes(term);
    const near = [...nearChapters].flatMap((c) => ctx.chapterMembers.get(c) ?? []);
    const aspect = new Map<number, number>();
    for (const c of nearChapters)
      for (const d of (ctx.chapterMembers.get(c) ?? []).slice(0, NEIGHBOURS_READ)) {
        const named = eligible[d] ? terms(ctx.docs[d].title).filter((x) => own.has(x)) : [];
        if (named.length) aspect.set(d, named.some((x) => !earlier(x)) ? 1 : 0.5);
      }
    const pool = [...new Set([...order.slice(0, t.rerankDepth), ...previous, ...aspect.keys()])].map((d) => ({ d, score: Math.max(0, combined[d] || 0) }));
    const second = ctx.rerank(pool, query, asked, t.rerank, { previous, near: new Set(near), aspect, subjectTerms: context?.terms });
    for (const r of second) reranked.set(r.d, r);
    order = [...second.map((r) => r.d), ...order.filter((d) => !reranked.has(d))];
  }

  const hits: RetrievalHit[] = [];
  const scoreOf = (d: number) => reranked.get(d)?.score ?? combined[d];
  const top = order.length ? scoreOf(order[0]) : 0;
  pinned.forEach((d, i) => hits.push({ id: ctx.docs[d].id, score: top + pinned.length - i, signals: { ...signalsOf(perQuery, d, reranked), number: 1 } }));
  for (const d of order) {
    if (hits.length >= limit) break;
    if (pinned.includes(d)) continue;
    hits.push({ id: ctx.docs[d].id, score: scoreOf(d), signals: signalsOf(perQuery, d, reranked) });
  }
  return hits.slice(0, limit);
}

function rankOne(ctx: SearchContext, t: RetrievalTuning, eligible: Uint8Array, terms: Map<string, number>, vector?: Float32Array): QueryRanking {
  const n = ctx.docs.length;
  const lexical = scoreBm25(ctx.bm25, terms, t.bm25);
  const lexRanking = topIndices(lexical, t.depth, eligible, 0);
  const lists: Array<{ scores: Float32Array; ranking: number[]; weight: number; floor?: number }> = [
    { scores: lexical, ranking: lexRanking, weight: t.lexicalWeight, floor: 0 },
  ];
  let semantic: Float32Array | null = null;
  if (vector && ctx.dense && t.denseWeight > 0) {
    semantic = scoreDense(ctx.dense, vector);
    lists.push({ scores: semantic, ranking: topIndices(semantic, t.depth, eligible), weight: t.denseWeight });
  }
  let fused = t.fusion === 'rrf' ? reciprocalRankFusion(lists, n, t.rrfK) : weightedFusion(lists, n);
  if (semantic && t.lexicalWeight > 0) {
    // A section without a vector (changed text, another city) would lose to every section that
    // has one; rank it on its lexical evidence alone, scaled as if the semantic model agreed.
    const scale = (t.lexicalWeight + t.denseWeight) / t.lexicalWeight;
    for (const d of lexRanking) if (Number.isNaN(semantic[d])) fused[d] *= scale;
  }
  let ranking = topIndices(fused, t.depth, eligible, 0);
  let chapter: Map<number, number> | null = null;
  if (t.chapterWeight > 0 && ranking.length) {
    chapter = chapterScores(fused, ranking, ctx.chapterOf, t.perChapter);
    const best = Math.max(...chapter.values());
    const boosted = new Float32Array(fused);
    const scale = (t.chapterWeight * fused[ranking[0]]) / (best || 1);
    for (const d of ranking) boosted[d] += scale * (chapter.get(ctx.chapterOf[d]) ?? 0);
    fused = boosted;
    ranking = [...ranking].sort((a, b) => fused[b] - fused[a] || a - b);
  }
  const signals = new Map<number, Record<string, number>>();
  const lexRank = new Map(lexRanking.map((d, r) => [d, r + 1]));
  for (const d of ranking) {
    const s: Record<string, number> = { bm25: round(lexical[d]), fused: round(fused[d]) };
    if (lexRank.has(d)) s.bm25Rank = lexRank.get(d)!;
    if (semantic && !Number.isNaN(semantic[d])) s.dense = round(semantic[d]);
    if (chapter) s.chapter = round(chapter.get(ctx.chapterOf[d]) ?? 0);
    signals.set(d, s);
  }
  return { ranking, final: fused, signals };
}

async function embedQueries(ctx: SearchContext, t: RetrievalTuning, texts: string[]): Promise<Float32Array[] | null> {
  if (!ctx.dense || !ctx.dense.covered || t.denseWeight <= 0) return null;
  try {
    const embed = ctx.embedQuery ?? (ctx.embedQuery = await useLiteEmbedder());
    const vectors = await embed(texts);
    ctx.onQueryModel(null);
    return vectors;
  } catch (err) {
    // Rank lexically rather than fail the question, and say so (the registry logs it and /api/health shows it).
    ctx.onQueryModel(err);
    return null;
  }
}

function signalsOf(perQuery: QueryRanking[], d: number, reranked: Map<number, { score: number; features: Record<string, number> }>): Record<string, number> {
  const second = reranked.get(d);
  const extra = second ? { rerank: round(second.score), ...Object.fromEntries(Object.entries(second.features).map(([k, v]) => [`rr_${k}`, round(v)])) } : {};
  for (const p of perQuery) {
    const s = p.signals.get(d);
    if (s) return { ...s, ...extra };
  }
  return extra;
}

/**
 * A conversation's words added to a follow-up's: together they weigh `share` of what the question's
 * own words weigh, however many there are, so "What about appeals?" is about appeals of the earlier
 * subject and not about the earlier subject again.
 */
function addContext(own: Map<string, number>, context: Map<string, number>, share: number): void {
  const fresh = [...context].filter(([term]) => !own.has(term));
  if (!fresh.length) return;
  const ownMass = [...own.values()].reduce((a, b) => a + b, 0) || 1;
  const contextMass = fresh.reduce((a, [, w]) => a + w, 0);
  const scale = Math.min(share, (share * ownMass) / contextMass);
  for (const [term, weight] of fresh) own.set(term, weight * scale);
}

const contentWordList = (q: string) => words(q).filter((w) => !isStopword(w));
const contentWords = (q: string) => contentWordList(q).join(' ');
/**
 * How much the conversation's own ranking counts, fused beside a follow-up's: fully for "Can that be
 * extended?", half for a follow-up that names a subject of its own in four content words or more
 * ("When does the District start owing interest on a late invoice?" after a small-purchase question):
 * the conversation's sections otherwise outrank the ones its words ask for. (Conversations, right
 * section in the top 3 of follow-ups: earlier held-out 0.64 -> 0.66, held-out-2 0.77 -> 0.80, the
 * development sets unchanged; decision 037.)
 */
const OWN_SUBJECT_WORDS = 4;
const contextRankWeight = (q: string) => (contentWordList(q).length >= OWN_SUBJECT_WORDS ? 0.5 : 1);
const round = (x: number) => Math.round(x * 1e4) / 1e4;

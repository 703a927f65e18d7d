import { type Asked, BODY_WORD, figureIn, isFigureKind } from '../ai/lead';
import { type Bm25Index, idf } from './bm25';
import { terms } from './tokenize';
import type { CodeSectionDoc } from './types';

/**
 * The second stage of retrieval (issue 19): the first stage (BM25F, vectors, chapter evidence)
 * often has the right section among its first hundred but not its first five. Its top candidates
 * are scored again on features of the question and each section that the first stage cannot see:
 * the question's words in the heading and in the section's place in the code, the question's words
 * close together in one paragraph, and whether that paragraph states the kind of thing asked for
 * (a period for "how long", an amount for "how much", a body for "who", a rule for "can we").
 * Weights are tuned on the development questions and conversations only (`npm run eval:rerank`).
 */
export interface RerankWeights {
  /** The first stage's score, as a share of the best one. */
  first: number;
  heading: number;
  place: number;
  /** The best paragraph's share of the question. */
  paragraph: number;
  /** The whole section's share of the question. */
  coverage: number;
  /** That paragraph states what is asked. */
  shape: number;
  /** A section the previous answer of the conversation cited. */
  previous: number;
  /** A section in the chapter of one the previous answer cited. */
  near: number;
  /** …whose heading holds the question's own words ("Penalty" for "What's the fine if I don't?"): 1 for a word new to the conversation, 0.5 for the earlier subject's. */
  aspect: number;
  /** A follow-up's section on the conversation's subject (its share of the subject's words) that also holds the question's own words. */
  subject: number;
  /** A definitions section, for a question that does not ask what a word means. */
  definitions: number;
}

export const DEFAULT_RERANK: RerankWeights = { first: 1, heading: 0.15, place: 0.3, paragraph: 0.75, coverage: 0.5, shape: 0.1, previous: 0, near: 0, aspect: 0.5, subject: 0.25, definitions: -0.2 };

/** What a follow-up brings to the second stage: the sections its previous answer cited, their chapters' sections, the neighbours named by what is asked, and the conversation's subject. */
export interface FollowUpPool {
  previous: Set<number>;
  near: Set<number>;
  /** Neighbours whose heading holds the question's own words: 1 a new word, 0.5 only the earlier subject's. */
  aspect: Map<number, number>;
  subjectTerms?: Map<string, number>;
}
const NO_FOLLOW_UP: FollowUpPool = { previous: new Set(), near: new Set(), aspect: new Map() };

interface SectionLines {
  heading: Set<string>;
  place: Set<string>;
  lines: { text: string; terms: Set<string> }[];
  all: Set<string>;
}

/** Tokenized sections, kept for the sections recently reranked (a few milliseconds each to make). */
const CACHE_MAX = 4_000;

export function createReranker(docs: CodeSectionDoc[], bm25: Bm25Index) {
  const cache = new Map<number, SectionLines>();
  const linesOf = (d: number): SectionLines => {
    let hit = cache.get(d);
    if (hit) {
      cache.delete(d);
      cache.set(d, hit);
      return hit;
    }
    const doc = docs[d];
    const heading = new Set(terms(doc.title));
    const lines = doc.text.split('\n').filter((l) => l.trim().length > 3).map((text) => ({ text, terms: new Set(terms(text)) }));
    hit = {
      heading,
      place: new Set(terms([doc.titleName, doc.chapterTitle, doc.subchapterTitle].filter(Boolean).join(' '))),
      lines,
      all: new Set([...heading, ...lines.flatMap((l) => [...l.terms])]),
    };
    cache.set(d, hit);
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
    return hit;
  };

  /**
   * `pool`: candidates best first with their first-stage scores; `query`: term -> weight (the
   * question's own words 1, words it implies or its conversation's less). Returns the pool in the
   * new order with each one's features.
   */
  return function rerank(
    pool: { d: number; score: number }[],
    query: Map<string, number>,
    asked: Asked,
    w: RerankWeights,
    follow: FollowUpPool = NO_FOLLOW_UP,
  ): { d: number; score: number; features: Record<string, number> }[] {
    if (!pool.length) return [];
    const { previous, subjectTerms, near, aspect } = follow;
    const share = shareOf(bm25, query);
    const own = shareOf(bm25, new Map([...query].filter(([term]) => !subjectTerms?.has(term) || query.get(term)! >= 1)));
    const subjectShare = subjectTerms ? shareOf(bm25, subjectTerms) : null;
    const best = Math.max(...pool.map((p) => p.score)) || 1;
    return pool
      .map(({ d, score }) => {
        const section = linesOf(d);
        // The paragraph that holds most of the question, and whether it (or one nearly as close) states what is asked.
        const held = section.lines.map((line) => share(line.terms));
        const paragraph = held.length ? Math.max(...held) : 0;
        const shape = paragraph > 0 && section.lines.some((line, i) => held[i] >= paragraph * 0.8 && statesWhatIsAsked(line.text, asked)) ? 1 : 0;
        const features = {
          first: score / best,
          heading: share(section.heading),
          place: share(section.place),
          paragraph,
          coverage: share(section.all),
          shape,
          previous: previous.has(d) ? 1 : 0,
          near: near.has(d) ? 1 : 0,
          aspect: aspect.get(d) ?? 0,
          subject: subjectShare ? subjectShare(section.all) * own(section.all) : 0,
          definitions: /^definitions?\b/i.test(docs[d].title) && asked !== 'other' ? 1 : 0,
        };
        const combined = (Object.keys(features) as (keyof RerankWeights)[]).reduce((sum, k) => sum + w[k] * features[k], 0);
        return { d, score: combined, features };
      })
      .sort((a, b) => b.score - a.score || a.d - b.d);
  };
}

/** A function giving the idf-weighted share of `query` (term -> weight) that a set of terms holds. */
function shareOf(bm25: Bm25Index, query: Map<string, number>): (set: Set<string>) => number {
  const weighted: [string, number][] = [];
  let total = 0;
  for (const [term, weight] of query) {
    const id = bm25.termIds.get(term);
    const value = weight * (id === undefined ? 0 : idf(bm25, id));
    if (value <= 0) continue;
    weighted.push([term, value]);
    total += value;
  }
  return (set) => (total ? weighted.reduce((s, [t, v]) => (set.has(t) ? s + v : s), 0) / total : 0);
}

const MODAL = /\b(?:shall|may|must|is required|are required|prohibited|unlawful)\b/i;

function statesWhatIsAsked(text: string, asked: Asked): boolean {
  if (isFigureKind(asked)) return figureIn(text, asked) !== null;
  if (asked === 'who') return BODY_WORD.test(text) && MODAL.test(text);
  if (asked === 'yes_no') return MODAL.test(text);
  return false;
}

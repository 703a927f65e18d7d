import { createSlicer } from '../workers/slices';
import { terms } from './tokenize';

/**
 * BM25F over three fields of a section: its heading, its place in the code (title, chapter and
 * subchapter names) and its whole text. Term frequencies are kept per field and combined at query
 * time, so field weights stay a search option instead of being baked into the index. BM25F
 * saturates the weighted sum once per term, which keeps a common word in a short heading from
 * outranking the section that actually deals with the question (what plain per-field boosts did).
 */
export const FIELDS = ['heading', 'context', 'text'] as const;
export type FieldWeights = { heading: number; context: number; text: number };

export interface Bm25Params {
  k1: number;
  weights: FieldWeights;
  /** Length normalisation per field (0 = none, 1 = full). */
  b: FieldWeights;
}

export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  weights: { heading: 2.5, context: 1, text: 1 },
  b: { heading: 0.5, context: 0.3, text: 0.75 },
};

export interface FieldedText {
  heading: string;
  context: string;
  text: string;
}

export interface Bm25Index {
  docCount: number;
  termIds: Map<string, number>;
  /** Postings of term t: positions offsets[t] .. offsets[t + 1] of the arrays below. */
  offsets: Uint32Array;
  postDoc: Uint32Array;
  postTf: [Uint16Array, Uint16Array, Uint16Array];
  docLen: [Float32Array, Float32Array, Float32Array];
  avgLen: [number, number, number];
}

/** Builds in slices of the event loop (see createSlicer): other requests run while it builds. */
export async function buildBm25(docs: FieldedText[]): Promise<Bm25Index> {
  const slicer = createSlicer();
  const termIds = new Map<string, number>();
  const perTerm: number[][] = []; // flat [doc, tf0, tf1, tf2, ...] per term
  const docLen: [Float32Array, Float32Array, Float32Array] = [
    new Float32Array(docs.length),
    new Float32Array(docs.length),
    new Float32Array(docs.length),
  ];
  // Many sections share one context string (all sections of a chapter): tokenize it once.
  const contextTerms = new Map<string, string[]>();
  const counts = new Map<number, [number, number, number]>();
  for (let d = 0; d < docs.length; d++) {
    if (slicer.due()) await slicer.pause();
    counts.clear();
    const doc = docs[d];
    let ctx = contextTerms.get(doc.context);
    if (!ctx) contextTerms.set(doc.context, (ctx = terms(doc.context)));
    const fieldTerms = [terms(doc.heading), ctx, terms(doc.text)];
    for (let f = 0; f < 3; f++) {
      docLen[f][d] = fieldTerms[f].length;
      for (const term of fieldTerms[f]) {
        let id = termIds.get(term);
        if (id === undefined) {
          id = perTerm.length;
          termIds.set(term, id);
          perTerm.push([]);
        }
        let c = counts.get(id);
        if (!c) counts.set(id, (c = [0, 0, 0]));
        c[f]++;
      }
    }
    for (const [id, c] of counts) perTerm[id].push(d, Math.min(c[0], 65535), Math.min(c[1], 65535), Math.min(c[2], 65535));
  }
  const offsets = new Uint32Array(perTerm.length + 1);
  let total = 0;
  for (let t = 0; t < perTerm.length; t++) {
    offsets[t] = total;
    total += perTerm[t].length / 4;
  }
  offsets[perTerm.length] = total;
  const postDoc = new Uint32Array(total);
  const postTf: [Uint16Array, Uint16Array, Uint16Array] = [new Uint16Array(total), new Uint16Array(total), new Uint16Array(total)];
  for (let t = 0; t < perTerm.length; t++) {
    if ((t & 1023) === 0 && slicer.due()) await slicer.pause();
    const p = perTerm[t];
    let o = offsets[t];
    for (let i = 0; i < p.length; i += 4, o++) {
      postDoc[o] = p[i];
      postTf[0][o] = p[i + 1];
      postTf[1][o] = p[i + 2];
      postTf[2][o] = p[i + 3];
    }
    perTerm[t] = [];
  }
  const avg = (a: Float32Array) => (a.length ? a.reduce((s, x) => s + x, 0) / a.length : 0) || 1;
  return { docCount: docs.length, termIds, offsets, postDoc, postTf, docLen, avgLen: [avg(docLen[0]), avg(docLen[1]), avg(docLen[2])] };
}

export function idf(index: Bm25Index, termId: number): number {
  const df = index.offsets[termId + 1] - index.offsets[termId];
  return Math.log(1 + (index.docCount - df + 0.5) / (df + 0.5));
}

/**
 * Scores every section against weighted query terms (term -> weight; the user's own words weigh
 * 1, synonym expansions less). Returns a dense score array indexed like the documents.
 */
export function scoreBm25(index: Bm25Index, query: Map<string, number>, params: Bm25Params = DEFAULT_BM25): Float32Array {
  const scores = new Float32Array(index.docCount);
  const w = [params.weights.heading, params.weights.context, params.weights.text];
  const b = [params.b.heading, params.b.context, params.b.text];
  const { docLen, avgLen, postDoc, postTf } = index;
  for (const [term, qWeight] of query) {
    const t = index.termIds.get(term);
    if (t === undefined) continue;
    const termIdf = idf(index, t) * qWeight;
    for (let o = index.offsets[t]; o < index.offsets[t + 1]; o++) {
      const d = postDoc[o];
      let tf = 0;
      for (let f = 0; f < 3; f++) {
        const raw = postTf[f][o];
        if (raw) tf += (w[f] * raw) / (1 - b[f] + (b[f] * docLen[f][d]) / avgLen[f]);
      }
      scores[d] += (termIdf * tf) / (params.k1 + tf);
    }
  }
  return scores;
}

/** Query terms with weights: each distinct term of the text once, weight 1. */
export function queryTerms(text: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const t of terms(text)) q.set(t, 1);
  return q;
}

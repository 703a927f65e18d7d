import type { Db } from '../../db/client';
import { nearestVectorRows, type QueryEmbedder } from './dense';
import { embeddingHash } from './embedding-text';
import { buildCodeIndex, type CodeIndex, type SectionVectors } from './index';
import { indexRowsOf, sectionsByNumberKeys, sectionsHoldingWords } from './repo';
import { statusOfRow } from './status';
import { sectionNumbersIn } from './section-number';
import { isStopword, words } from './tokenize';

/** What a location offers the interim search before its index is built (the registry keeps it). */
export interface InterimSources {
  /** Sections of the location: the relevance gate reads word rarity only over a real code (relevance.ts). */
  sections: number;
  /** The vectors the index will use, once read; null while they are read, or when the location has none. */
  vectors: SectionVectors | null;
  /** What a vector's id names: a section (the city's own vectors) or a source id (the shipped ones). */
  vectorIds: 'id' | 'sourceId';
  /** The query model when it is loaded; null while it loads (the question then goes on its words). */
  embedder: QueryEmbedder | null;
  onQueryModel: (err: unknown) => void;
}

/** Candidates taken per query from the meaning vectors (or, without them, from the words). */
const CANDIDATES = 100;

/**
 * A location's code searched while its index is still being built (after a start, an import), so
 * that no question or draft waits for the build: the sections closest in meaning (the vectors and the
 * query model, both in memory within a second or two of a start), or without them those holding the
 * question's words (the full-text index in the database), plus any section the question names and
 * the previous answer cited, are read from the database and ranked by an index of those sections
 * alone: the same ranking, synonyms, second stage and relevance gate as the whole index, on fewer
 * candidates. Measured by `npm run eval:interim` on the D.C. Code: recall@5 0.69 on the development
 * questions (the whole index 0.84), 0.47 on the held-out ones (0.58), and 3 of 30 off-topic questions
 * let through (the whole index 4): decision 020.
 */
export async function interimIndex(
  db: Db,
  locationId: string,
  sources: InterimSources,
  queries: string[],
  opts: { context?: string; candidates?: string[] } = {},
): Promise<CodeIndex> {
  const asked = queries.map((q) => q.trim()).filter(Boolean);
  // What the index's ranking embeds (index.ts, rank): a follow-up's question with its conversation, and the conversation alone.
  const denseTexts = opts.context?.trim() ? [...asked.map((q) => `${q} ${opts.context}`), opts.context] : asked;
  const embedder = sources.vectors ? sources.embedder : null;
  const vectors = embedder ? await embedOnce(embedder, denseTexts, sources.onQueryModel) : null;

  // A vector's row, by the id it names; a section is a candidate only if the vector was made from its
  // current text (the shipped vectors name the demo city's sections; another city's ids find none).
  const byVector = new Map<string, number>();
  if (vectors && sources.vectors)
    for (const v of vectors.vectors) if (v.length === sources.vectors.dims) for (const r of nearestVectorRows(sources.vectors, v, CANDIDATES)) byVector.set(sources.vectors.ids[r], r);
  const rows = new Map<string, Awaited<ReturnType<typeof indexRowsOf>>[number]>();
  for (const row of await indexRowsOf(db, locationId, sources.vectorIds, [...byVector.keys()])) {
    const r = byVector.get(sources.vectorIds === 'id' ? row.id : row.sourceId);
    if (r !== undefined && sources.vectors!.hashes[r] === embeddingHash(row)) rows.set(row.id, row);
  }
  const byId = new Set(opts.candidates ?? []);
  // The words find candidates only where the meaning cannot: on the D.C. Code they added nothing to
  // the vectors' (recall@5 the same with and without them) and cost 30-160 ms of the embedded database's thread.
  if (!rows.size) for (const q of asked) for (const id of await sectionsHoldingWords(db, locationId, words(q).filter((w) => !isStopword(w)), CANDIDATES)) byId.add(id);
  const named = asked.flatMap(sectionNumbersIn);
  for (const row of await sectionsByNumberKeys(db, locationId, named)) byId.add(row.id);
  for (const row of await indexRowsOf(db, locationId, 'id', [...byId].filter((id) => !rows.has(id)))) rows.set(row.id, row);
  const docs = [...rows.values()]
    .sort((a, b) => a.position - b.position)
    .map((r) => ({ ...r, status: statusOfRow(r.status) }));
  const index = await buildCodeIndex(docs, {
    // Without the model loaded the candidates rank on their words: the index would otherwise wait for the model.
    vectors: vectors ? sources.vectors : null,
    embedQuery: vectors?.embed,
    onQueryModel: sources.onQueryModel,
  });
  return { ...index, size: sources.sections };
}

/** The queries embedded once: the small index asks for the same texts again and is answered from here. */
async function embedOnce(embedder: QueryEmbedder, texts: string[], onQueryModel: (err: unknown) => void) {
  try {
    const vectors = await embedder(texts);
    onQueryModel(null);
    const known = new Map(texts.map((t, i) => [t, vectors[i]]));
    const embed: QueryEmbedder = async (asked) => (asked.every((t) => known.has(t)) ? asked.map((t) => known.get(t)!) : embedder(asked));
    return { vectors, embed };
  } catch (err) {
    onQueryModel(err);
    return null;
  }
}

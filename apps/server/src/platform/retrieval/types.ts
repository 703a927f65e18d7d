import type { SectionStatus } from '@civicdesk/contract';
/** One section of a location's code, as the index receives it (from the database or a JSONL file). */
export interface CodeSectionDoc {
  id: string;
  number: string;
  title: string;
  titleNumber: string;
  titleName: string;
  chapterTitle: string | null;
  subchapterTitle: string | null;
  path: string;
  status: SectionStatus;
  text: string;
}

/** A ranked section. `signals` holds each retriever's contribution, for debugging and the eval. */
export interface RetrievalHit {
  id: string;
  score: number;
  signals: Record<string, number>;
}

export interface SearchOptions {
  /** Number of hits returned (default 10). */
  limit?: number;
  /** Also rank repealed, expired and emptied sections (default false). */
  includeRepealed?: boolean;
  /** A follow-up's conversation: the earlier subject's words, weighed below the question's own. */
  context?: string;
  /** Section ids the previous answer cited: they compete with the fresh search's candidates. */
  candidates?: string[];
}

export interface CodeIndex {
  /** One question, or several phrasings of it (e.g. model-rewritten queries) fused into one ranking. */
  search(query: string | string[], opts?: SearchOptions): Promise<RetrievalHit[]>;
  searchMany(queries: string[], opts?: SearchOptions): Promise<RetrievalHit[]>;
  /** Number of sections indexed (repealed included). */
  size: number;
  /** Sections that carry a precomputed vector (0 when no vectors were given). */
  vectorCount: number;
  /** Share (0..1) of the question's words, weighted by rarity, that the section holds (see coverage.ts). */
  coverage(question: string, id: string): number;
  /** Statute words the synonym layer reads into a question ("FOIA" -> "public record freedom of information request"). */
  statuteWords(question: string): string[];
  /** Milliseconds spent in buildCodeIndex. */
  buildMs: number;
}

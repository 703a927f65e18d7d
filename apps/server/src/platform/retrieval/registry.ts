import { existsSync } from 'node:fs';
import type { Degradation } from '@civicdesk/contract';
import { statusOfRow } from './status';
import path from 'node:path';
import type { Db } from '../../db/client';
import { DEMO_DATA_DIR } from '../../imports/demo';
import { loadedEmbedder, type QueryEmbedder } from './dense';
import { buildCodeIndex, type CodeIndex, readSectionVectors, type SectionVectors } from './index';
import { interimIndex } from './interim';
import { simdAvailable } from './kernel/dots';
import { lexiconFailure } from './lexicon';
import { locationVectors, sectionCount, sectionsForIndex } from './repo';

/**
 * Precomputed section vectors shipped with the demo data (see data/demo/README.md). Rows are
 * matched by the hash of the embedded text, so they serve any city whose sections are the same
 * text; other sections rank on the lexical signals alone.
 */
export const SHIPPED_VECTORS = path.join(DEMO_DATA_DIR, 'dc-code-vectors.bin');

/** The shipped vectors (the demo city's), read once per process. */
let shipped: Promise<SectionVectors | null> | undefined;
export const shippedVectors = () => (shipped ??= existsSync(SHIPPED_VECTORS) ? readSectionVectors(SHIPPED_VECTORS) : Promise.resolve(null));

export const codeIndexOptions = {
  /**
   * Codes of at most this many sections are indexed before their first question is answered (a
   * tenth of a second); a larger one is searched by the interim search while it builds (5 s for the
   * 21,163 D.C. sections on an idle machine, over 30 s on a busy one).
   */
  waitForSections: 2_000,
  /** Tests: a build waits for this after reading the vectors and before reading the sections. */
  holdBuild: null as Promise<void> | null,
  /** Tests: the query model instead of the offline USE-lite one (one that fails, or one of a test's own vectors). */
  queryModel: null as QueryEmbedder | null,
};

/** What a build has learnt so far, for the interim search while it runs. */
interface Progress {
  vectors: SectionVectors | null;
  vectorIds: 'id' | 'sourceId';
  startedAt: Date;
  /** Searches the interim search answered while this build ran. */
  interimSearches: number;
}

interface LocationState {
  sections: Promise<number>;
  build: Promise<CodeIndex>;
  index: CodeIndex | null;
  progress: Progress;
}

type Log = { info: (msg: string) => void; warn: (msg: string) => void; error: (obj: unknown, msg: string) => void };

/**
 * One retrieval index per location, built from its code sections in the background (warmed at
 * start, or on first use) and rebuilt after an import. No search waits for a build: a small code is
 * built before its first question is answered, and a large one is searched by the interim search
 * (interim.ts) until its index is ready (decision 030).
 */
export function createIndexRegistry(db: Db, log: Log) {
  const states = new Map<string, LocationState>();
  let queryModelFailure: { since: Date; uses: number } | null = null;
  let simdMissingSince: Date | null = null;
  let lexiconLogged = false;

  /** Every use of the query model reports here: its failure is logged once, and again when it recovers. */
  function onQueryModel(err: unknown) {
    if (err == null) {
      if (queryModelFailure) log.info(`the query model works again (it failed ${queryModelFailure.uses} times): questions rank on meaning and words`);
      queryModelFailure = null;
    } else if (queryModelFailure) queryModelFailure.uses++;
    else {
      queryModelFailure = { since: new Date(), uses: 1 };
      log.error({ err }, 'the query model failed: questions rank on their words alone until it works again');
    }
  }

  const queryModelIfLoaded = () => codeIndexOptions.queryModel ?? loadedEmbedder(onQueryModel);

  async function build(locationId: string, progress: Progress, sections: Promise<number>): Promise<CodeIndex> {
    const started = Date.now();
    // A location's own vectors (built after its code import) hold every section it has; else the shipped ones, by hash.
    const [own, shippedRows] = await Promise.all([locationVectors(db, locationId), shippedVectors()]);
    progress.vectors = own ?? shippedRows;
    progress.vectorIds = own ? 'id' : 'sourceId';
    // For a code the interim search will answer, the query model loads in its thread meanwhile.
    if (progress.vectors && (await sections) > codeIndexOptions.waitForSections) queryModelIfLoaded();
    if (codeIndexOptions.holdBuild) await codeIndexOptions.holdBuild;
    const rows = await sectionsForIndex(db, locationId);
    const index = await buildCodeIndex(
      rows.map((r) => ({ ...r, status: statusOfRow(r.status) })),
      { vectors: progress.vectors, embedQuery: codeIndexOptions.queryModel ?? undefined, onQueryModel },
    );
    const interim = progress.interimSearches ? `; ${progress.interimSearches} searches answered by the interim search meanwhile` : '';
    log.info(`municipal code index for location ${locationId}: ${rows.length} sections (${index.vectorCount} with vectors) in ${Date.now() - started} ms${interim}`);
    const lexicon = lexiconFailure();
    if (lexicon && !lexiconLogged) {
      lexiconLogged = true;
      log.warn(`WordNet could not be read (${lexicon.error}): questions are searched in their own words and the civic synonyms only`);
    }
    // Same rankings either way, but each question then spends 12-15 ms more of the event loop.
    if (progress.vectors && !simdAvailable()) {
      simdMissingSince ??= new Date();
      log.warn('WebAssembly SIMD is not available in this runtime: meaning vectors are scored by the plain loop (slower, same results)');
    }
    return index;
  }

  function stateOf(locationId: string): LocationState {
    const known = states.get(locationId);
    if (known) return known;
    const progress: Progress = { vectors: null, vectorIds: 'sourceId', startedAt: new Date(), interimSearches: 0 };
    const sections = sectionCount(db, locationId);
    const state: LocationState = { sections, build: build(locationId, progress, sections), index: null, progress };
    states.set(locationId, state);
    state.sections.catch(() => undefined);
    state.build.then(
      (index) => {
        // An index of sections an import has since replaced is not kept (the next search starts another build).
        if (states.get(locationId) === state) state.index = index;
      },
      (err) => {
        // A failed build is not kept: the next search starts another, and the interim search answers meanwhile.
        if (states.get(locationId) === state) states.delete(locationId);
        log.error({ err }, 'municipal code index build failed');
      },
    );
    return state;
  }

  return {
    /** The location's whole index, once built (the start's warm-up, tests). */
    get(locationId: string): Promise<CodeIndex> {
      return stateOf(locationId).build;
    },

    /**
     * What a search of these queries ranks with now: the location's index when it is built (a small
     * code's after waiting for it), else the interim search's index of the candidates for them.
     */
    async indexFor(locationId: string, queries: string[], opts: { context?: string; candidates?: string[] } = {}): Promise<CodeIndex> {
      const state = stateOf(locationId);
      if (state.index) return state.index;
      const sections = await state.sections;
      if (sections <= codeIndexOptions.waitForSections) return state.build;
      if (state.index) return state.index;
      const { progress } = state;
      if (!progress.interimSearches++) log.info(`municipal code index for location ${locationId} is being built: questions and drafts use the interim search until it is ready`);
      const embedder = progress.vectors ? queryModelIfLoaded() : null;
      return interimIndex(db, locationId, { sections, vectors: progress.vectors, vectorIds: progress.vectorIds, embedder, onQueryModel }, queries, opts);
    },

    /** Whether this process is building the city's index now (its questions use the interim search). */
    building(locationId: string): boolean {
      const state = states.get(locationId);
      return Boolean(state && !state.index);
    },

    invalidate(locationId: string) {
      states.delete(locationId);
    },
    invalidateAll() {
      states.clear();
    },

    /** What GET /api/health lists of retrieval: indexes being built, a failing query model, an unreadable lexicon, no SIMD. */
    health(): Degradation[] {
      const out: Degradation[] = [];
      const building = [...states.values()].filter((s) => !s.index);
      if (building.length) {
        const since = new Date(Math.min(...building.map((s) => s.progress.startedAt.getTime())));
        out.push({ component: 'code_index', message: `The municipal code index of ${building.length} ${building.length === 1 ? 'city is' : 'cities are'} being built: questions and drafts use the interim search meanwhile.`, since: since.toISOString() });
      }
      if (queryModelFailure) out.push({ component: 'query_model', message: `The query model failed ${queryModelFailure.uses} times: questions rank on their words alone, not on their meaning.`, since: queryModelFailure.since.toISOString() });
      const lexicon = lexiconFailure();
      if (lexicon) out.push({ component: 'lexicon', message: `WordNet could not be read (${lexicon.error}): questions are searched in their own words and the civic synonyms only.`, since: lexicon.since.toISOString() });
      if (simdMissingSince) out.push({ component: 'simd', message: 'WebAssembly SIMD is not available: meaning vectors are scored by the plain loop (slower, same results).', since: simdMissingSince.toISOString() });
      return out;
    },
  };
}
export type IndexRegistry = ReturnType<typeof createIndexRegistry>;

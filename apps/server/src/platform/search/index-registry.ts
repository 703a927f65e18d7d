import { randomUUID } from 'node:crypto';
import type { Database, Db } from '../../db/client';
import { listenForNotices, sendNotice } from '../notices';
import { createSlicer } from '../workers/slices';
import { locationChanged } from './cache';
import { IndexBudget } from './index-budget';
import { locationsWithRecords, recordPage, recordsById, type SourceSignature, sourceSignatures } from './index-repo';
import { LocationIndex, SOURCES } from './location-index';
import type { SearchSource } from './repo';
import { forgetVocabulary, learnWords, warmVocabulary } from './typo';

/**
 * Which locations have an in-process index, and keeping each one true (decision 017):
 * - built from the database on a location's first search (or at start, warmSearchIndexes); a small
 *   location is built before that search is answered, a large one in the background while searches
 *   go through SQL;
 * - every write through the API re-reads its records (refreshSearchRecords) before it answers, and
 *   tells the other processes on the database, which re-read the same records (startSearchSync);
 * - writes no process announces (an import from the command line) are noticed by comparing record counts and
 *   the newest updated_at with the database, at most every CHECK_EVERY_MS, triggered by a search;
 *   the location is then rebuilt in the background and swapped in;
 * - the indexes of a process share a memory budget (SEARCH_INDEX_BUDGET_MB, index-budget.ts): the
 *   least recently searched are evicted to make room, and a location evicted, or too large for the
 *   whole budget, is searched through SQL; it is rebuilt in the background only when it fits.
 */
export const indexOptions = {
  /** False: every search goes through SQL (the benchmark's comparison; an escape hatch). */
  enabled: true,
  /** Locations with at most this many records are indexed before their first search is answered. */
  waitForRecords: 2_000,
  /** Up to this many records, snippet texts are held in memory; larger locations read a page's texts from the database. */
  snippetsInMemoryUpTo: 50_000,
  checkEveryMs: 10_000,
  /** Records read per query while building: small enough that a page holds the embedded database briefly. */
  batchSize: 100,
  /** Tests: a build waits for this before it reads any record, so a search can be made meanwhile. */
  holdBuild: null as Promise<void> | null,
  /** What this process's indexes may hold together (SEARCH_INDEX_BUDGET_MB; config.ts). */
  budgetBytes: 256e6,
  /** An evicted location is rebuilt only into room that is free or held by indexes not searched for this long. */
  idleEvictableAfterMs: 60_000,
};

/** One per process: memory is the process's, whichever database handle the index came from. */
const budget = new IndexBudget<LocationState>(() => indexOptions.budgetBytes, (state, bytes) => drop(state, bytes));

/** A build stopped because its index already holds more than the whole budget. */
class TooLargeToKeep extends Error {
  constructor(readonly bytes: number) {
    super('The search index is larger than SEARCH_INDEX_BUDGET_MB');
  }
}

interface LocationState {
  index: LocationIndex | null;
  /** A build in progress, and the number of records it is reading. */
  build: Promise<LocationIndex> | null;
  records: Promise<number> | null;
  /** Records written while a build runs: it re-reads them before it is swapped in. */
  changed: Map<string, { source: SearchSource; id: string }> | null;
  checkedAt: number;
  refreshing: number;
  /** Bytes of the location's index when it was evicted or found too large to keep; null: never measured. */
  measured: number | null;
}

const registries = new WeakMap<Db, Map<string, LocationState>>();

function stateOf(db: Db, locationId: string): LocationState {
  let registry = registries.get(db);
  if (!registry) registries.set(db, (registry = new Map()));
  let state = registry.get(locationId);
  if (!state) registry.set(locationId, (state = { index: null, build: null, records: null, changed: null, checkedAt: 0, refreshing: 0, measured: null }));
  return state;
}

/**
 * The location's index when it is ready (after waiting for a small location's first build); null
 * (search through SQL) while a large one builds, and while one evicted or too large is not in memory.
 */
export async function readyIndex(db: Db, locationId: string): Promise<LocationIndex | null> {
  if (!indexOptions.enabled) return null;
  const state = stateOf(db, locationId);
  if (state.index) {
    budget.touch(state);
    checkForOutsideWrites(db, locationId, state);
    return state.index;
  }
  if (state.measured !== null) {
    if (!state.build && budget.fits(state.measured, indexOptions.idleEvictableAfterMs)) startBuild(db, locationId, state);
    return null;
  }
  if (!state.build) startBuild(db, locationId, state);
  const build = state.build!;
  const records = await state.records!.catch(() => Infinity);
  if (records > indexOptions.waitForRecords) return null;
  await build.catch(() => null);
  // Null when the index was too large to keep.
  return state.index;
}

/**
 * Whether a search of the location may wait for what it builds in memory (its typo vocabulary): a
 * location up to waitForRecords builds in a moment; a larger one is searched without it meanwhile.
 */
export async function waitsForBuilds(db: Db, locationId: string): Promise<boolean> {
  const records = registries.get(db)?.get(locationId)?.records;
  return records ? (await records.catch(() => Infinity)) <= indexOptions.waitForRecords : true;
}

/**
 * Server start: builds the index (and the typo vocabulary) of every location with records, one
 * after another, in the background; answers what each took.
 */
export async function warmSearchIndexes(db: Db): Promise<{ locationId: string; records: number; ms: number; bytes: number }[]> {
  const out = [];
  for (const locationId of await locationsWithRecords(db)) {
    const state = stateOf(db, locationId);
    const started = performance.now();
    const evictions = budget.evictions;
    if (!state.index && !state.build) startBuild(db, locationId, state);
    await state.build?.catch((err) => {
      if (!(err instanceof TooLargeToKeep)) throw err;
    });
    if (!state.index) continue;
    out.push({ locationId, records: state.index.size, ms: performance.now() - started, bytes: state.index.bytes });
    await warmVocabulary(db, locationId);
    // The budget is full: the other locations are built on their first search.
    if (budget.evictions > evictions) break;
  }
  return out;
}

/** Resolves when the location's index is built (tests). */
export async function searchIndexReady(db: Db, locationId: string): Promise<LocationIndex> {
  const state = stateOf(db, locationId);
  if (!state.build && !state.index) startBuild(db, locationId, state);
  return state.build ?? state.index!;
}

/** 'evicted': built before, and evicted or too large to keep (searched through SQL). */
export function searchIndexState(db: Db, locationId: string): 'none' | 'building' | 'ready' | 'evicted' {
  const state = registries.get(db)?.get(locationId);
  return state?.index ? 'ready' : state?.build ? 'building' : state?.measured != null ? 'evicted' : 'none';
}

/** What this process's indexes hold against the budget. */
export function searchIndexMemory(): { usedBytes: number; budgetBytes: number; evictions: number } {
  return { usedBytes: budget.used, budgetBytes: budget.limitBytes, evictions: budget.evictions };
}

/**
 * After a write through the API: re-read these records into the index (a record no longer there
 * leaves it) and expire the location's cached answers, before the write answers. Never throws.
 */
export async function refreshSearchRecords(db: Db, locationId: string, source: SearchSource, ids: string[]) {
  await applyRecordChange(db, locationId, source, ids);
  publishers.get(db)?.(locationId, source, ids);
}

/**
 * Re-reads changed records into this process's index and expires its cached answers. A location
 * without an index here (never searched, evicted) has nothing to re-read: its next build reads them.
 */
async function applyRecordChange(db: Db, locationId: string, source: SearchSource, ids: string[], learn = false) {
  const state = registries.get(db)?.get(locationId);
  if (state?.changed) for (const id of ids) state.changed.set(`${source}:${id}`, { source, id });
  const index = state?.index;
  if (state && index) {
    state.refreshing++;
    try {
      const rows = await reread(db, index, source, ids);
      // A write made elsewhere: its words join this process's typo vocabulary, as the writer's did.
      if (learn) for (const row of rows) learnWords(locationId, `${row.title} ${row.snippet_text ?? ''}`);
      // The index grew: counted again (evicted meanwhile: nothing to count).
      if (state.index === index) keep(state, index);
    } catch {
      // The write itself succeeded; an index that missed it must not answer: drop it, the next search rebuilds.
      if (state.index === index) drop(state, null);
    } finally {
      state.refreshing--;
    }
  }
  locationChanged(locationId);
}

/** Counts the index against the budget (evicting others) and keeps it, or drops it when it alone is over. */
function keep(state: LocationState, index: LocationIndex) {
  const bytes = index.bytes;
  if (!budget.admit(state, bytes)) return drop(state, bytes);
  state.index = index;
  state.measured = null;
}

/** Lets go of the location's index; `measured`: its bytes, so it comes back only when it fits (null: as if never built). */
function drop(state: LocationState, measured: number | null) {
  budget.release(state);
  state.index = null;
  state.measured = measured;
}

/** How this process tells the others which records changed, per database handle (startSearchSync). */
const publishers = new WeakMap<Db, (locationId: string, source: SearchSource, ids: string[]) => void>();
const CHANNEL = 'civicdesk_search';
/** A notice carries at most this many ids (PostgreSQL's payload limit is 8,000 bytes). */
const IDS_PER_NOTICE = 100;

/**
 * Writes made by another process on the database reach this one's index at once: each write's
 * process tells the others which records changed (PostgreSQL NOTIFY), and they re-read just those
 * records, as the writer did. The comparison with the database (checkEveryMs) stays for writes no
 * process announces (an import from the command line). Returns the stop.
 */
export async function startSearchSync(database: Database, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  const db = database.db;
  // A process hears its own notices too: it already re-read those records.
  const me = randomUUID();
  const stop = await listenForNotices<{ from: string; locationId: string; source: SearchSource; ids: string[] }>(
    database,
    CHANNEL,
    ({ from, locationId, source, ids }) => {
      if (from !== me) applyRecordChange(db, locationId, source, ids, true).catch(onError);
    },
    onError,
  );
  publishers.set(db, (locationId, source, ids) => {
    for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
      sendNotice(database, CHANNEL, { from: me, locationId, source, ids: ids.slice(i, i + IDS_PER_NOTICE) }).catch(onError);
    }
  });
  return async () => {
    publishers.delete(db);
    await stop();
  };
}

/** Drops a location's index (an import elsewhere replaced its records): the next search rebuilds it. */
export function forgetSearchIndex(db: Db, locationId: string) {
  const state = registries.get(db)?.get(locationId);
  if (state) budget.release(state);
  registries.get(db)?.delete(locationId);
  forgetVocabulary(locationId);
  locationChanged(locationId);
}

/** Drops every index of a database (the benchmark changes data under the server's feet). */
export function forgetSearchIndexes(db: Db) {
  for (const state of registries.get(db)?.values() ?? []) budget.release(state);
  registries.delete(db);
}

async function reread(db: Db, index: LocationIndex, source: SearchSource, ids: string[]) {
  const rows = await recordsById(db, source, index.locationId, ids, index.snippetTexts !== null);
  const found = new Set(rows.map((r) => r.id));
  for (const row of rows) index.upsert(row);
  for (const id of ids) if (!found.has(id)) index.remove(source, id);
  return rows;
}

function startBuild(db: Db, locationId: string, state: LocationState) {
  let counted: (n: number) => void = () => {};
  state.records = new Promise((resolve) => (counted = resolve));
  state.changed = new Map();
  const build = (async () => {
    const signatures = await sourceSignatures(db, locationId);
    const records = SOURCES.reduce((n, s) => n + (signatures[s]?.count ?? 0), 0);
    counted(records);
    if (indexOptions.holdBuild) await indexOptions.holdBuild;
    const index = new LocationIndex(locationId, records <= indexOptions.snippetsInMemoryUpTo);
    // In slices of the event loop (decision 030): on the embedded database each page's query runs on
    // this thread too, so a turn is given after every page and every 20 ms of indexing.
    const slicer = createSlicer();
    let pages = 0;
    for (const source of SOURCES) {
      let after: string | null = null;
      for (;;) {
        const rows = await recordPage(db, source, locationId, after, indexOptions.batchSize, index.snippetTexts !== null);
        for (const row of rows) {
          if (slicer.due()) await slicer.pause();
          index.append(row);
        }
        await slicer.turn();
        // A location that can never fit stops here, not after holding all of its index.
        if (++pages % 10 === 0 && index.bytes > budget.limitBytes) throw new TooLargeToKeep(index.bytes);
        if (rows.length < indexOptions.batchSize) break;
        after = rows[rows.length - 1].id;
      }
    }
    await index.finishBuild(slicer);
    while (state.changed?.size) {
      const changed = [...state.changed.values()];
      state.changed.clear();
      for (const source of SOURCES) await reread(db, index, source, changed.filter((c) => c.source === source).map((c) => c.id));
    }
    return index;
  })();
  state.build = build;
  build.then(
    (index) => {
      state.build = null;
      state.changed = null;
      state.checkedAt = Date.now();
      // Forgotten while it was built (forgetSearchIndex): not kept, not counted.
      if (registries.get(db)?.get(locationId) === state) keep(state, index);
      locationChanged(locationId);
    },
    (err) => {
      counted(Infinity);
      state.build = null;
      state.changed = null;
      if (err instanceof TooLargeToKeep) drop(state, err.bytes);
    },
  );
}

function checkForOutsideWrites(db: Db, locationId: string, state: LocationState) {
  if (state.build || state.refreshing || Date.now() - state.checkedAt < indexOptions.checkEveryMs) return;
  state.checkedAt = Date.now();
  sourceSignatures(db, locationId)
    .then((signatures) => {
      const index = state.index;
      if (!index || state.build || state.refreshing) return;
      const tooManyDead = index.dead > Math.max(1_000, index.size / 5);
      if (tooManyDead || differs(index.signature(), signatures)) {
        forgetVocabulary(locationId);
        startBuild(db, locationId, state);
      }
    })
    .catch(() => {});
}

function differs(mine: Record<SearchSource, SourceSignature>, theirs: Record<SearchSource, SourceSignature>): boolean {
  return SOURCES.some((s) => mine[s].count !== (theirs[s]?.count ?? 0) || mine[s].newestUs !== (theirs[s]?.newestUs ?? 0));
}

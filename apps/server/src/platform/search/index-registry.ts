import { randomUUID } from 'node:crypto';
import type { Database, Db } from '../../db/client';
import { listenForNotices, sendNotice } from '../notices';
import { locationChanged } from './cache';
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
 *   the location is then rebuilt in the background and swapped in.
 */
export const indexOptions = {
  /** False: every search goes through SQL (the benchmark's comparison; an escape hatch). */
  enabled: true,
  /** Locations with at most this many records are indexed before their first search is answered. */
  waitForRecords: 2_000,
  /** Up to this many records, snippet texts are held in memory; larger locations read a page's texts from the database. */
  snippetsInMemoryUpTo: 50_000,
  checkEveryMs: 10_000,
  batchSize: 1_000,
  /** Tests: a build waits for this before it reads any record, so a search can be made meanwhile. */
  holdBuild: null as Promise<void> | null,
};

interface LocationState {
  index: LocationIndex | null;
  /** A build in progress, and the number of records it is reading. */
  build: Promise<LocationIndex> | null;
  records: Promise<number> | null;
  /** Records written while a build runs: it re-reads them before it is swapped in. */
  changed: Map<string, { source: SearchSource; id: string }> | null;
  checkedAt: number;
  refreshing: number;
}

const registries = new WeakMap<Db, Map<string, LocationState>>();

function stateOf(db: Db, locationId: string): LocationState {
  let registry = registries.get(db);
  if (!registry) registries.set(db, (registry = new Map()));
  let state = registry.get(locationId);
  if (!state) registry.set(locationId, (state = { index: null, build: null, records: null, changed: null, checkedAt: 0, refreshing: 0 }));
  return state;
}

/** The location's index when it is ready (after waiting for a small location's build); null while a large one builds. */
export async function readyIndex(db: Db, locationId: string): Promise<LocationIndex | null> {
  if (!indexOptions.enabled) return null;
  const state = stateOf(db, locationId);
  if (state.index) {
    checkForOutsideWrites(db, locationId, state);
    return state.index;
  }
  if (!state.build) startBuild(db, locationId, state);
  const records = await state.records!.catch(() => Infinity);
  if (records > indexOptions.waitForRecords) return null;
  return state.build!.catch(() => null);
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
    if (!state.index && !state.build) startBuild(db, locationId, state);
    const index = state.index ?? (await state.build!);
    out.push({ locationId, records: index.size, ms: performance.now() - started, bytes: index.bytes });
    await warmVocabulary(db, locationId);
  }
  return out;
}

/** Resolves when the location's index is built (tests). */
export async function searchIndexReady(db: Db, locationId: string): Promise<LocationIndex> {
  const state = stateOf(db, locationId);
  if (!state.build && !state.index) startBuild(db, locationId, state);
  return state.build ?? state.index!;
}

export function searchIndexState(db: Db, locationId: string): 'none' | 'building' | 'ready' {
  const state = registries.get(db)?.get(locationId);
  return state?.index ? 'ready' : state?.build ? 'building' : 'none';
}

/**
 * After a write through the API: re-read these records into the index (a record no longer there
 * leaves it) and expire the location's cached answers, before the write answers. Never throws.
 */
export async function refreshSearchRecords(db: Db, locationId: string, source: SearchSource, ids: string[]) {
  await applyRecordChange(db, locationId, source, ids);
  publishers.get(db)?.(locationId, source, ids);
}

/** Re-reads changed records into this process's index and expires its cached answers. */
async function applyRecordChange(db: Db, locationId: string, source: SearchSource, ids: string[], learn = false) {
  const state = registries.get(db)?.get(locationId);
  if (state?.changed) for (const id of ids) state.changed.set(`${source}:${id}`, { source, id });
  if (state?.index) {
    state.refreshing++;
    try {
      const rows = await reread(db, state.index, source, ids);
      // A write made elsewhere: its words join this process's typo vocabulary, as the writer's did.
      if (learn) for (const row of rows) learnWords(locationId, `${row.title} ${row.snippet_text ?? ''}`);
    } catch {
      // The write itself succeeded; an index that missed it must not answer: drop it, the next search rebuilds.
      state.index = null;
    } finally {
      state.refreshing--;
    }
  }
  locationChanged(locationId);
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
  registries.get(db)?.delete(locationId);
  forgetVocabulary(locationId);
  locationChanged(locationId);
}

/** Drops every index of a database (the benchmark changes data under the server's feet). */
export function forgetSearchIndexes(db: Db) {
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
    for (const source of SOURCES) {
      let after: string | null = null;
      for (;;) {
        const rows = await recordPage(db, source, locationId, after, indexOptions.batchSize, index.snippetTexts !== null);
        for (const row of rows) index.append(row);
        if (rows.length < indexOptions.batchSize) break;
        after = rows[rows.length - 1].id;
      }
    }
    index.finishBuild();
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
      state.index = index;
      state.build = null;
      state.changed = null;
      state.checkedAt = Date.now();
      locationChanged(locationId);
    },
    () => {
      counted(Infinity);
      state.build = null;
      state.changed = null;
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

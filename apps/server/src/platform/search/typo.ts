import type { Db } from '../../db/client';
import { forgetSearches, locationChanged } from './cache';
import { inCorpus, vocabularyRows } from './repo';
import { englishFor } from './spanish';

/**
 * Typo tolerance (decision 012). Each location has a vocabulary: the words of its titles, short
 * descriptions, committees and uploaded texts, with how often they occur. A query word that is
 * not in it is matched to the vocabulary words within one edit (two for words of 8+ letters),
 * where swapping two neighbouring letters counts as one edit (Damerau), so "snwo" finds "snow"
 * and "recrods" finds "records". Kept in memory: a few tens of thousands of words per city.
 * A word the city's own texts hold anywhere (a law's or an item's whole text, not only the short
 * fields the vocabulary keeps: "stall" in a vending law) is never "corrected" away from: the
 * database's full-text index is asked before a near word stands in for it (issue 31).
 */
interface Vocabulary {
  counts: Map<string, number>;
  byLength: Map<number, string[]>;
}

const vocabularies = new Map<string, Promise<Vocabulary>>();
/** The vocabularies read to the end: a large location's search does not wait for one still being read. */
const readVocabularies = new WeakSet<Promise<Vocabulary>>();
const corrections = new Map<string, string[]>();

export const vocabularyOptions = {
  /** Tests: reading a vocabulary waits for this first, so a search can be made meanwhile. */
  holdRead: null as Promise<void> | null,
};

export const MIN_TYPO_LENGTH = 4;
const maxEdits = (word: string) => (word.length >= 8 ? 2 : word.length >= MIN_TYPO_LENGTH ? 1 : 0);

function vocabularyOf(db: Db, locationId: string): Promise<Vocabulary> {
  let pending = vocabularies.get(locationId);
  if (!pending) {
    const read = (async () => {
      if (vocabularyOptions.holdRead) await vocabularyOptions.holdRead;
      const vocabulary: Vocabulary = { counts: new Map(), byLength: new Map() };
      for (const row of await vocabularyRows(db, locationId)) addWord(vocabulary, row.word, row.count);
      return vocabulary;
    })();
    read.then(() => readVocabularies.add(read), () => vocabularies.delete(locationId));
    vocabularies.set(locationId, (pending = read));
  }
  return pending;
}

function addWord(vocabulary: Vocabulary, word: string, count: number) {
  const known = vocabulary.counts.get(word);
  vocabulary.counts.set(word, (known ?? 0) + count);
  if (known === undefined) {
    const list = vocabulary.byLength.get(word.length) ?? [];
    list.push(word);
    vocabulary.byLength.set(word.length, list);
  }
}

/** New records' words join the vocabulary at once (no rebuild on each write); cached answers of the location expire. */
export function learnWords(locationId: string, text: string) {
  locationChanged(locationId);
  const pending = vocabularies.get(locationId);
  if (!pending) return;
  void pending.then((vocabulary) => {
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) addWord(vocabulary, word, 1);
    for (const key of corrections.keys()) if (key.startsWith(`${locationId}:`)) corrections.delete(key);
  });
}

/** Whether the location's vocabulary has been read (a search without it corrects no words). */
export function vocabularyRead(locationId: string): boolean {
  const reading = vocabularies.get(locationId);
  return reading !== undefined && readVocabularies.has(reading);
}

/** Builds a location's vocabulary ahead of its first misspelled search (server start). */
export async function warmVocabulary(db: Db, locationId: string) {
  await vocabularyOf(db, locationId);
}

/** Drops a location's vocabulary (its records changed outside the API): the next search rebuilds it. */
export function forgetVocabulary(locationId: string) {
  vocabularies.delete(locationId);
  for (const key of corrections.keys()) if (key.startsWith(`${locationId}:`)) corrections.delete(key);
}

/** Drops every cached vocabulary (tests and the benchmark change data under the server's feet). */
export function forgetVocabularies() {
  vocabularies.clear();
  corrections.clear();
  forgetSearches();
}

/**
 * For each word unknown to the location, the closest known words (best first, at most 3), or, for a
 * Spanish word (`spanish.ts`), the English words records use ("estacionamiento" -> "parking"); known
 * words, numbers and short words get no alternatives. `wait` false (a large location, see
 * waitsForBuilds): while the vocabulary is still being read (after a start, 1-4 s for the demo
 * city), the search goes on without corrections instead of waiting for it.
 */
export async function correctWords(db: Db, locationId: string, words: string[], wait = true): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const candidates = words.filter((w) => (maxEdits(w) > 0 || englishFor(w)) && !/\d/.test(w));
  if (!candidates.length) return out;
  const reading = vocabularyOf(db, locationId);
  if (!wait && !readVocabularies.has(reading)) return out;
  const vocabulary = await reading;
  for (const word of candidates) {
    if (vocabulary.counts.has(word)) continue;
    const key = `${locationId}:${word}`;
    let found = corrections.get(key);
    if (!found) {
      found = (await inCorpus(db, locationId, word)) ? [] : (englishFor(word) ?? nearestWords(vocabulary, word));
      if (corrections.size > 10_000) corrections.clear();
      corrections.set(key, found);
    }
    if (found.length) out.set(word, found);
  }
  return out;
}

function nearestWords(vocabulary: Vocabulary, word: string): string[] {
  const limit = maxEdits(word);
  const scored: { word: string; distance: number; count: number }[] = [];
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate, limit);
      if (distance <= limit) scored.push({ word: candidate, distance, count: vocabulary.counts.get(candidate) ?? 0 });
    }
  }
  scored.sort((a, b) => a.distance - b.distance || b.count - a.count);
  return scored.slice(0, 3).map((s) => s.word);
}

/** Optimal-string-alignment distance, giving up (limit + 1) as soon as it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

import { and, asc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { codeSections, codeVectors, locations } from '../../db/schema';
import { decodeSectionVectors, encodeSectionVectors, type SectionVectors } from './vectors-file';
import { yieldTurn } from '../workers/slices';

/** The retrieval layer's reads of the municipal code, always scoped by location. */

export function sectionsByIds(db: Db, locationId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(codeSections).where(and(eq(codeSections.locationId, locationId), inArray(codeSections.id, ids)));
}

/** Of these number keys, those that more than one of the location's sections has (a city whose codes restart their numbers). */
export async function numberKeysInSeveralCodes(db: Db, locationId: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ key: codeSections.numberKey })
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), inArray(codeSections.numberKey, [...new Set(keys)])))
    .groupBy(codeSections.numberKey)
    .having(sql`count(*) > 1`);
  return new Set(rows.map((r) => r.key));
}

/**
 * A location's sections in code order, a page at a time with a turn of the event loop between
 * pages: the embedded database runs on this thread, and one query of 21,000 sections held every
 * other request for a third of a second (the columns a caller needs, plus position and id).
 */
export async function* sectionPages<F extends SelectedFields>(db: Db, locationId: string, fields: F, pageSize = 200) {
  // Keyset on (position, id): a re-import may leave two sections at one position.
  for (let after = { position: -1, id: '' }; ; ) {
    const page = await db
      .select({ ...fields, pagePosition: codeSections.position, pageId: codeSections.id })
      .from(codeSections)
      .where(
        and(
          eq(codeSections.locationId, locationId),
          // "position >= p" lets the (location, position) index find the page's start.
          gte(codeSections.position, after.position),
          or(gt(codeSections.position, after.position), gt(codeSections.id, after.id)),
        ),
      )
      .orderBy(asc(codeSections.position), asc(codeSections.id))
      .limit(pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1];
    after = { position: last.pagePosition, id: last.pageId };
    await yieldTurn();
  }
}

/** Every page of sectionPages in one array (the pages still read with a turn of the event loop between them). */
export async function allSections<F extends SelectedFields>(db: Db, locationId: string, fields: F, pageSize?: number) {
  const rows = [];
  for await (const page of sectionPages(db, locationId, fields, pageSize)) rows.push(...page);
  return rows;
}

/** What the retrieval index reads of a section. */
const INDEX_FIELDS = {
  id: codeSections.id,
  sourceId: codeSections.sourceId,
  number: codeSections.number,
  title: codeSections.title,
  titleNumber: codeSections.titleNumber,
  titleName: codeSections.titleName,
  chapterTitle: codeSections.chapterTitle,
  subchapterTitle: codeSections.subchapterTitle,
  path: codeSections.path,
  status: codeSections.status,
  text: codeSections.text,
  position: codeSections.position,
};

/** Every section of a location, for building its retrieval index. */
export function sectionsForIndex(db: Db, locationId: string) {
  return allSections(db, locationId, INDEX_FIELDS);
}

/** Some sections of a location as the index reads them, by id or by the id of their source (the shipped vectors' ids). */
export function indexRowsOf(db: Db, locationId: string, key: 'id' | 'sourceId', ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select(INDEX_FIELDS)
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), inArray(key === 'id' ? codeSections.id : codeSections.sourceId, ids)));
}

export async function sectionCount(db: Db, locationId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(codeSections).where(eq(codeSections.locationId, locationId));
  return row?.n ?? 0;
}

/**
 * Sections holding all of a question's words, or all but one or two of them when that finds too
 * few, best first by PostgreSQL's cover density: the interim search's lexical candidates. A question
 * of eight words is at most 37 conjunctions; each is answered by the full-text index, and only the
 * sections matching one are ranked (an OR of the words ranked every section holding any of them:
 * 0.2-0.7 s a question on the embedded database, on the server's thread).
 */
export async function sectionsHoldingWords(db: Db, locationId: string, words: string[], limit: number): Promise<string[]> {
  const terms = [...new Set(words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length > 1))].slice(0, 8);
  const found: string[] = [];
  for (let missing = 0; missing <= Math.min(2, terms.length - 1) && found.length < limit / 4; missing++) {
    const query = subsets(terms, terms.length - missing).map((s) => `(${s.join(' & ')})`).join(' | ');
    const rows = await db
      .select({ id: codeSections.id })
      .from(codeSections)
      .where(and(eq(codeSections.locationId, locationId), sql`${codeSections.search} @@ to_tsquery('english', ${query})`))
      .orderBy(sql`ts_rank_cd(${codeSections.search}, to_tsquery('english', ${query})) desc`)
      .limit(limit);
    for (const row of rows) if (!found.includes(row.id)) found.push(row.id);
  }
  return found;
}

/** How many of the location's sections hold each word (the database's English stemming): a word's rarity in the code. */
export async function sectionsHoldingEach(db: Db, locationId: string, words: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const word of [...new Set(words)].slice(0, 12)) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(codeSections)
      .where(and(eq(codeSections.locationId, locationId), sql`${codeSections.search} @@ plainto_tsquery('english', ${word})`));
    counts.set(word, row?.n ?? 0);
  }
  return counts;
}

function subsets<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [first, ...s]), ...subsets(rest, size)];
}

export function enabledLocations(db: Db) {
  return db.select({ id: locations.id }).from(locations).where(eq(locations.municipalCodeEnabled, true));
}

/** Sections named by number ("2-532", "§ 2-532"), for requests that name the section they mean. */
export function sectionsByNumberKeys(db: Db, locationId: string, numberKeys: string[]) {
  if (!numberKeys.length) return Promise.resolve([]);
  // Stored and asked keys are both `sectionNumberKey`'s (lower case, no "§" nor "Sec.").
  return db
    .select()
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), inArray(codeSections.numberKey, numberKeys)));
}

/** The location's own section vectors (built after a code import), or null. */
export async function locationVectors(db: Db, locationId: string): Promise<SectionVectors | null> {
  const [row] = await db.select({ vectors: codeVectors.vectors }).from(codeVectors).where(eq(codeVectors.locationId, locationId)).limit(1);
  return row ? decodeSectionVectors(row.vectors) : null;
}

export async function saveLocationVectors(db: Db, locationId: string, vectors: SectionVectors) {
  const row = { model: vectors.model, count: vectors.ids.length, vectors: encodeSectionVectors(vectors), updatedAt: new Date() };
  await db.insert(codeVectors).values({ locationId, ...row }).onConflictDoUpdate({ target: codeVectors.locationId, set: row });
}

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

/** Every section of a location, for building its retrieval index. */
export function sectionsForIndex(db: Db, locationId: string) {
  return allSections(db, locationId, {
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
  });
}

export function enabledLocations(db: Db) {
  return db.select({ id: locations.id }).from(locations).where(eq(locations.municipalCodeEnabled, true));
}

/** Sections named by number ("2-532", "§ 2-532"), for requests that name the section they mean. */
export function sectionsByNumberKeys(db: Db, locationId: string, numberKeys: string[]) {
  if (!numberKeys.length) return Promise.resolve([]);
  // Case-blind: stored keys keep "28:2A-101" as written; keys read from a question are lower case.
  return db
    .select()
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), inArray(sql`lower(${codeSections.numberKey})`, numberKeys.map((k) => k.toLowerCase()))));
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

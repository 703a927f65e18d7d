import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeSections, locations } from '../../db/schema';

/** The retrieval layer's reads of the municipal code, always scoped by location. */

export function sectionsByIds(db: Db, locationId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(codeSections).where(and(eq(codeSections.locationId, locationId), inArray(codeSections.id, ids)));
}

/** Every section of a location, for building its retrieval index. */
export function sectionsForIndex(db: Db, locationId: string) {
  return db
    .select({
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
    })
    .from(codeSections)
    .where(eq(codeSections.locationId, locationId))
    .orderBy(asc(codeSections.position));
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

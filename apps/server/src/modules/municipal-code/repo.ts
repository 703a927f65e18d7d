import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeSectionAmendments, codeSections, legislation, locations } from '../../db/schema';

/** All SQL of the municipal code, always scoped by location. */

export async function findSectionById(db: Db, locationId: string, id: string) {
  const [row] = await db.select().from(codeSections).where(and(eq(codeSections.locationId, locationId), eq(codeSections.id, id))).limit(1);
  return row;
}

/**
 * The sections whose number key (`sectionNumberKey`: "Sec. 1.05", "SEC 1.05" and "1.05" are one) is
 * `key`, in the code's order; at most `limit`. One index lookup (location, number_key).
 */
export async function findSectionsByNumberKey(db: Db, locationId: string, key: string, limit = 20) {
  return db
    .select()
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), eq(codeSections.numberKey, key)))
    .orderBy(asc(codeSections.position))
    .limit(limit);
}

const brief = { id: codeSections.id, number: codeSections.number, title: codeSections.title };

/** The sections just before and after, in the code's order. */
export async function neighboursOf(db: Db, locationId: string, position: number) {
  const [previous] = await db
    .select(brief)
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), lt(codeSections.position, position)))
    .orderBy(desc(codeSections.position))
    .limit(1);
  const [next] = await db
    .select(brief)
    .from(codeSections)
    .where(and(eq(codeSections.locationId, locationId), gt(codeSections.position, position)))
    .orderBy(asc(codeSections.position))
    .limit(1);
  return { previous: previous ?? null, next: next ?? null };
}

/** The measures that amended a section, newest first. */
export function amendingMeasures(db: Db, sectionId: string) {
  return db
    .select({
      id: legislation.id,
      file_number: legislation.fileNumber,
      law_number: legislation.lawNumber,
      title: legislation.title,
      effective: legislation.effective,
      history_url: legislation.historyUrl,
    })
    .from(codeSectionAmendments)
    .innerJoin(legislation, eq(legislation.id, codeSectionAmendments.legislationId))
    .where(eq(codeSectionAmendments.sectionId, sectionId))
    .orderBy(desc(legislation.effective), desc(legislation.sourceId));
}


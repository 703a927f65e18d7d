import { type AgendaItemFilter } from '@civicdesk/contract';
import { and, asc, count, eq, gte, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaItems, agendas, legislation, locations } from '../../db/schema';

/** Agenda items of one location. Every function takes the location: another city's item is "not found". */
export type AgendaItemRow = typeof agendaItems.$inferSelect;

function filterConditions(locationId: string, f: AgendaItemFilter): SQL[] {
  const where: SQL[] = [eq(agendaItems.locationId, locationId)];
  if (f.agenda_id) where.push(eq(agendaItems.agendaId, f.agenda_id));
  if (f.section_name) where.push(sql`upper(${agendaItems.sectionName}) = upper(${f.section_name})`);
  if (f.start_date) where.push(gte(agendaItems.date, f.start_date));
  if (f.end_date) where.push(lte(agendaItems.date, f.end_date));
  if (f.final_category) where.push(sql`upper(${agendaItems.finalCategory}) = upper(${f.final_category})`);
  if (f.status) where.push(sql`upper(${agendaItems.status}) = upper(${f.status})`);
  if (f.sponsor_id) where.push(eq(agendaItems.sponsorId, f.sponsor_id));
  if (f.document_type) where.push(eq(agendaItems.documentType, f.document_type));
  // The spec's "description" filter: the words, stemmed, anywhere in title or description.
  if (f.description) where.push(sql`${agendaItems.search} @@ plainto_tsquery('english', ${f.description})`);
  return where;
}

export async function listAgendaItems(db: Db, locationId: string, f: AgendaItemFilter) {
  const where = and(...filterConditions(locationId, f));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(agendaItems)
      .where(where)
      .orderBy(sql`${agendaItems.date} DESC NULLS LAST`, asc(agendaItems.position), asc(agendaItems.id))
      .limit(f.limit)
      .offset(f.skip),
    db.select({ total: count() }).from(agendaItems).where(where),
  ]);
  return { rows, total };
}

export async function findAgendaItem(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select()
    .from(agendaItems)
    .where(and(eq(agendaItems.id, id), eq(agendaItems.locationId, locationId)))
    .limit(1);
  return row;
}

export async function findAgendaOfLocation(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select({ id: agendas.id, date: agendas.date, sections: agendas.sections })
    .from(agendas)
    .where(and(eq(agendas.id, id), eq(agendas.locationId, locationId)))
    .limit(1);
  return row;
}

export async function legislationExists(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select({ id: legislation.id })
    .from(legislation)
    .where(and(eq(legislation.id, id), eq(legislation.locationId, locationId)))
    .limit(1);
  return Boolean(row);
}

export async function nextPosition(db: Db, agendaId: string) {
  const [row] = await db.select({ last: max(agendaItems.position) }).from(agendaItems).where(eq(agendaItems.agendaId, agendaId));
  return (row?.last ?? 0) + 1;
}

/** Adds a section name to the end of its agenda's ordered list when it is new there. */
export async function appendAgendaSection(db: Db, agendaId: string, sections: string[], section: string) {
  if (sections.includes(section)) return;
  await db.update(agendas).set({ sections: [...sections, section], updatedAt: new Date() }).where(eq(agendas.id, agendaId));
}

export async function insertAgendaItem(db: Db, values: typeof agendaItems.$inferInsert) {
  const [row] = await db.insert(agendaItems).values(values).returning();
  return row;
}

export async function updateAgendaItem(db: Db, locationId: string, id: string, values: Partial<typeof agendaItems.$inferInsert>) {
  const [row] = await db
    .update(agendaItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(agendaItems.id, id), eq(agendaItems.locationId, locationId)))
    .returning();
  return row;
}


/** The location code of an item (for ADMIN, who may edit any city's records). */
export async function locationCodeOfItem(db: Db, id: string) {
  const [row] = await db
    .select({ code: locations.code })
    .from(agendaItems)
    .innerJoin(locations, eq(locations.id, agendaItems.locationId))
    .where(eq(agendaItems.id, id))
    .limit(1);
  return row?.code;
}

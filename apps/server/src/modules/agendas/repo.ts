import type { AgendaListQuery } from '@civicdesk/contract';
import { and, asc, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaItems, agendas } from '../../db/schema';

/** Agendas (meetings) of one location; every function is scoped by it. */
export type AgendaRow = typeof agendas.$inferSelect;

// Spelled out: drizzle would leave the columns unqualified inside the subquery.
const itemCount = sql<number>`(SELECT count(*)::int FROM agenda_items i WHERE i.agenda_id = "agendas"."id")`;

export async function listAgendas(db: Db, locationId: string, q: AgendaListQuery) {
  const where: SQL[] = [eq(agendas.locationId, locationId)];
  if (q.start_date) where.push(gte(agendas.date, q.start_date));
  if (q.end_date) where.push(lte(agendas.date, q.end_date));
  if (q.meeting_type) where.push(sql`upper(${agendas.meetingType}) = upper(${q.meeting_type})`);
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ agenda: agendas, itemCount })
      .from(agendas)
      .where(condition)
      .orderBy(q.sort_order === 'asc' ? asc(agendas.date) : sql`${agendas.date} DESC`, asc(agendas.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ total: count() }).from(agendas).where(condition),
  ]);
  return { rows, total };
}

export async function findAgenda(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select({ agenda: agendas, itemCount })
    .from(agendas)
    .where(and(eq(agendas.id, id), eq(agendas.locationId, locationId)))
    .limit(1);
  return row;
}

export function itemsOfAgenda(db: Db, locationId: string, agendaId: string) {
  return db
    .select()
    .from(agendaItems)
    .where(and(eq(agendaItems.agendaId, agendaId), eq(agendaItems.locationId, locationId)))
    .orderBy(asc(agendaItems.position), asc(agendaItems.id));
}

export async function insertAgenda(db: Db, values: typeof agendas.$inferInsert) {
  await db.insert(agendas).values(values);
}

export async function setSections(db: Db, locationId: string, id: string, sections: string[]) {
  await db
    .update(agendas)
    .set({ sections, updatedAt: new Date() })
    .where(and(eq(agendas.id, id), eq(agendas.locationId, locationId)));
}

type Counts = { value: string; count: number }[];
const counts = (select: SQL) => sql`(SELECT coalesce(json_agg(c), '[]'::json) FROM (${select}) c)`;

/** Counts for the HOME charts, one round trip. */
export async function agendaStatistics(db: Db, locationId: string) {
  const items = sql`FROM agenda_items WHERE location_id = ${locationId}`;
  const meetings = sql`FROM agendas WHERE location_id = ${locationId}`;
  const grouped = (expr: SQL, from: SQL, order: SQL) =>
    counts(sql`SELECT ${expr} AS value, count(*)::int AS count ${from} AND ${expr} IS NOT NULL GROUP BY 1 ORDER BY ${order} LIMIT 100`);
  const result = await db.execute(sql`SELECT
      (SELECT count(*)::int ${meetings}) AS agendas,
      (SELECT count(*)::int ${items}) AS agenda_items,
      (SELECT count(*)::int FROM legislation WHERE location_id = ${locationId}) AS ordinances,
      ${grouped(sql`extract(year FROM date)::int::text`, meetings, sql`1 DESC`)} AS agendas_by_year,
      ${grouped(sql`extract(year FROM date)::int::text`, items, sql`1 DESC`)} AS agenda_items_by_year,
      ${grouped(sql`meeting_type`, meetings, sql`2 DESC, 1`)} AS by_meeting_type,
      ${grouped(sql`committee`, items, sql`2 DESC, 1`)} AS by_committee,
      ${grouped(sql`status`, items, sql`2 DESC, 1`)} AS by_status,
      ${grouped(sql`section_name`, items, sql`2 DESC, 1`)} AS by_section,
      ${grouped(sql`document_type`, items, sql`2 DESC, 1`)} AS by_document_type,
      (SELECT min(date)::text ${meetings}) AS first_date,
      (SELECT max(date)::text ${meetings}) AS last_date`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const json = (v: unknown): Counts => (typeof v === 'string' ? JSON.parse(v) : v) as Counts;
  return {
    totals: { agendas: Number(row.agendas), agenda_items: Number(row.agenda_items), ordinances: Number(row.ordinances) },
    agendas_by_year: json(row.agendas_by_year),
    agenda_items_by_year: json(row.agenda_items_by_year),
    by_meeting_type: json(row.by_meeting_type),
    by_committee: json(row.by_committee),
    by_status: json(row.by_status),
    by_section: json(row.by_section),
    by_document_type: json(row.by_document_type),
    first_date: (row.first_date as string | null) ?? null,
    last_date: (row.last_date as string | null) ?? null,
  };
}

/** The location code of an agenda (ADMIN may open any city's agenda by id). */
export async function locationCodeOfAgenda(db: Db, id: string) {
  const result = await db.execute(sql`SELECT l.code FROM agendas a JOIN locations l ON l.id = a.location_id WHERE a.id = ${id} LIMIT 1`);
  return (result as unknown as { rows: { code: string }[] }).rows[0]?.code;
}

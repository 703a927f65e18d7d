import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaItems, legislation, locations } from '../../db/schema';

/** Ordinances are the location's legislation rows; every function is scoped by location. */
export type OrdinanceRow = typeof legislation.$inferSelect;

export async function findOrdinance(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select()
    .from(legislation)
    .where(and(eq(legislation.id, id), eq(legislation.locationId, locationId)))
    .limit(1);
  return row;
}

export async function locationCodeOfOrdinance(db: Db, id: string) {
  const [row] = await db
    .select({ code: locations.code })
    .from(legislation)
    .innerJoin(locations, eq(locations.id, legislation.locationId))
    .where(eq(legislation.id, id))
    .limit(1);
  return row?.code;
}

/** The votes at meetings on a measure, oldest first. */
export function agendaItemsOfOrdinance(db: Db, locationId: string, id: string) {
  return db
    .select({
      id: agendaItems.id,
      agenda_id: agendaItems.agendaId,
      date: agendaItems.date,
      section_name: agendaItems.sectionName,
      title: agendaItems.title,
      status: agendaItems.status,
    })
    .from(agendaItems)
    .where(and(eq(agendaItems.legislationId, id), eq(agendaItems.locationId, locationId)))
    .orderBy(sql`${agendaItems.date} ASC NULLS LAST`, asc(agendaItems.position));
}

type Counts = { value: string; count: number }[];

export async function ordinanceStatistics(db: Db, locationId: string) {
  const from = sql`FROM legislation WHERE location_id = ${locationId}`;
  const grouped = (expr: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    sql`(SELECT coalesce(json_agg(c), '[]'::json) FROM (SELECT ${expr} AS value, count(*)::int AS count ${from} AND ${expr} IS NOT NULL GROUP BY 1 ORDER BY ${order} LIMIT 100) c)`;
  const result = await db.execute(sql`SELECT (SELECT count(*)::int ${from}) AS total,
      ${grouped(sql`extract(year FROM coalesce(effective, enacted, introduced))::int::text`, sql`1 DESC`)} AS by_year,
      ${grouped(sql`status`, sql`2 DESC, 1`)} AS by_status,
      ${grouped(sql`committee`, sql`2 DESC, 1`)} AS by_committee,
      ${grouped(sql`kind`, sql`2 DESC, 1`)} AS by_kind`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const json = (v: unknown): Counts => (typeof v === 'string' ? JSON.parse(v) : v) as Counts;
  return {
    total: Number(row.total),
    by_year: json(row.by_year),
    by_status: json(row.by_status),
    by_committee: json(row.by_committee),
    by_kind: json(row.by_kind),
  };
}

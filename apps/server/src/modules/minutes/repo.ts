import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agendaItems, legislation, minutesFollowups, minutesSummaries } from '../../db/schema';

/** All SQL of the Summarizer. A summary belongs to its maker: every read is scoped by the owner. */
export type SummaryRow = typeof minutesSummaries.$inferSelect;

export async function insertSummary(db: Db, row: typeof minutesSummaries.$inferInsert) {
  await db.insert(minutesSummaries).values(row);
}

export async function findSummary(db: Db, userId: string, id: string): Promise<SummaryRow | undefined> {
  const [row] = await db.select().from(minutesSummaries).where(and(eq(minutesSummaries.id, id), eq(minutesSummaries.userId, userId))).limit(1);
  return row;
}

export async function summaryById(db: Db, id: string): Promise<SummaryRow | undefined> {
  const [row] = await db.select().from(minutesSummaries).where(eq(minutesSummaries.id, id)).limit(1);
  return row;
}

export async function setJob(db: Db, id: string, set: Partial<Pick<SummaryRow, 'jobId' | 'jobState' | 'progress' | 'error'>>) {
  await db.update(minutesSummaries).set(set).where(eq(minutesSummaries.id, id));
}

/** A scan's text as OCR read it, and how: the summary and its follow-ups read this text from now on. */
export async function setScanText(db: Db, id: string, text: string, ocr: NonNullable<SummaryRow['ocr']>) {
  await db.update(minutesSummaries).set({ text, hasText: true, ocr }).where(eq(minutesSummaries.id, id));
}

/** The result and "completed" in one write, unless the summary already ended. */
export async function completeSummary(db: Db, id: string, result: unknown, engine: string) {
  await db
    .update(minutesSummaries)
    .set({ result, engine, jobState: 'completed', progress: 100, error: null, completedAt: new Date() })
    .where(and(eq(minutesSummaries.id, id), inArray(minutesSummaries.jobState, ['queued', 'running'])));
}

export async function listSummaries(db: Db, userId: string, limit: number, skip: number) {
  const rows = await db
    .select({ id: minutesSummaries.id, title: minutesSummaries.title, jobState: minutesSummaries.jobState, result: minutesSummaries.result, createdAt: minutesSummaries.createdAt })
    .from(minutesSummaries)
    .where(eq(minutesSummaries.userId, userId))
    .orderBy(desc(minutesSummaries.createdAt), desc(minutesSummaries.id))
    .limit(limit)
    .offset(skip);
  const [{ total }] = await db.select({ total: count() }).from(minutesSummaries).where(eq(minutesSummaries.userId, userId));
  return { rows, total: Number(total) };
}

export function followupsOf(db: Db, summaryId: string) {
  return db.select().from(minutesFollowups).where(eq(minutesFollowups.summaryId, summaryId)).orderBy(minutesFollowups.createdAt);
}

export async function insertFollowup(db: Db, row: typeof minutesFollowups.$inferInsert) {
  await db.insert(minutesFollowups).values(row);
}

/** The city's agenda items and legislation with one of these file numbers ("B26-677"), newest agenda first. */
export async function filedMatters(db: Db, locationId: string, fileNumbers: string[], titles: string[]) {
  const items = fileNumbers.length
    ? await db
        .select({ id: agendaItems.id, agendaId: agendaItems.agendaId, title: agendaItems.title, fileNumber: agendaItems.fileNumber, date: agendaItems.date })
        .from(agendaItems)
        .where(and(eq(agendaItems.locationId, locationId), inArray(agendaItems.fileNumber, fileNumbers)))
        .orderBy(desc(agendaItems.date))
        .limit(200)
    : [];
  const laws =
    fileNumbers.length || titles.length
      ? await db
          .select({ id: legislation.id, title: legislation.title, fileNumber: legislation.fileNumber })
          .from(legislation)
          .where(
            and(
              eq(legislation.locationId, locationId),
              or(
                fileNumbers.length ? inArray(legislation.fileNumber, fileNumbers) : undefined,
                titles.length ? inArray(sql`lower(${legislation.title})`, titles.map((t) => t.toLowerCase())) : undefined,
              ),
            ),
          )
          .limit(200)
      : [];
  return { items, laws };
}

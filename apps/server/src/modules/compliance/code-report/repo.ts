import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { codeComplianceFindings, codeComplianceRuns, codeSections, locations } from '../../../db/schema';
import { allSections, sectionPages } from '../../../platform/retrieval/repo';
import type { CodeRuleFinding } from './rules';

/** All SQL of Code Compliance: runs and findings of a location, and the code they read. */
export type RunRow = typeof codeComplianceRuns.$inferSelect;
export type CodeFindingRow = typeof codeComplianceFindings.$inferSelect;

/** Every section's number and whether it is in force (its first characters tell a "Repealed." placeholder), a page at a time. */
export function codeKeys(db: Db, locationId: string) {
  const fields = { numberKey: codeSections.numberKey, number: codeSections.number, status: codeSections.status, head: sql<string>`left(${codeSections.text}, 200)`, sourceId: codeSections.sourceId };
  return allSections(db, locationId, fields, 500);
}

/** The sections in code order, a page at a time (the retrieval layer's paged reader). */
export function sectionsInOrder(db: Db, locationId: string, pageSize: number) {
  const fields = { id: codeSections.id, sourceId: codeSections.sourceId, number: codeSections.number, numberKey: codeSections.numberKey, title: codeSections.title, text: codeSections.text, status: codeSections.status, position: codeSections.position };
  return sectionPages(db, locationId, fields, pageSize);
}

/** What changes when the code is imported again: its size and its latest update. */
export async function codeVersion(db: Db, locationId: string): Promise<string> {
  const [row] = await db.select({ n: count(), latest: sql<string>`max(${codeSections.updatedAt})::text` }).from(codeSections).where(eq(codeSections.locationId, locationId));
  return `${Number(row?.n ?? 0)}:${row?.latest ?? ''}`;
}

export async function insertRun(db: Db, row: typeof codeComplianceRuns.$inferInsert) {
  await db.insert(codeComplianceRuns).values(row);
}

export async function setRunJob(db: Db, id: string, jobId: string) {
  await db.update(codeComplianceRuns).set({ jobId }).where(eq(codeComplianceRuns.id, id));
}

export async function runById(db: Db, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(codeComplianceRuns).where(eq(codeComplianceRuns.id, id)).limit(1);
  return row;
}

export function runsOf(db: Db, locationIds: string[], limit = 50) {
  if (!locationIds.length) return Promise.resolve([] as RunRow[]);
  return db.select().from(codeComplianceRuns).where(inArray(codeComplianceRuns.locationId, locationIds)).orderBy(desc(codeComplianceRuns.createdAt), desc(codeComplianceRuns.id)).limit(limit);
}

export async function activeRun(db: Db, locationId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(codeComplianceRuns)
    .where(and(eq(codeComplianceRuns.locationId, locationId), inArray(codeComplianceRuns.jobState, ['queued', 'running'])))
    .limit(1);
  return row;
}

export async function setRunProgress(db: Db, id: string, progress: number) {
  await db.update(codeComplianceRuns).set({ progress, jobState: 'running' }).where(and(eq(codeComplianceRuns.id, id), inArray(codeComplianceRuns.jobState, ['queued', 'running'])));
}

export async function failRun(db: Db, id: string, error: string) {
  await db.update(codeComplianceRuns).set({ jobState: 'failed', error }).where(and(eq(codeComplianceRuns.id, id), inArray(codeComplianceRuns.jobState, ['queued', 'running'])));
}

/** The run's findings and summary, written with its completion in one transaction. */
export async function completeRun(db: Db, id: string, findings: CodeRuleFinding[], summary: unknown) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.delete(codeComplianceFindings).where(eq(codeComplianceFindings.runId, id));
    const rows = findings.map((f) => ({ id: randomUUID(), runId: id, ...f }));
    for (let i = 0; i < rows.length; i += 500) await t.insert(codeComplianceFindings).values(rows.slice(i, i + 500));
    await t.update(codeComplianceRuns).set({ jobState: 'completed', progress: 100, summary, error: null, completedAt: new Date() }).where(eq(codeComplianceRuns.id, id));
  });
}

export async function findingsOfRun(db: Db, runId: string, opts: { rule?: string; modelCode?: string; limit: number; skip: number }) {
  const where: SQL[] = [eq(codeComplianceFindings.runId, runId)];
  if (opts.rule) where.push(eq(codeComplianceFindings.rule, opts.rule));
  if (opts.modelCode) where.push(eq(codeComplianceFindings.modelCode, opts.modelCode));
  const rows = await db
    .select()
    .from(codeComplianceFindings)
    .where(and(...where))
    .orderBy(asc(codeComplianceFindings.rule), asc(codeComplianceFindings.sectionNumber), asc(codeComplianceFindings.fingerprint))
    .limit(opts.limit)
    .offset(opts.skip);
  const [{ total }] = await db.select({ total: count() }).from(codeComplianceFindings).where(and(...where));
  return { rows, total: Number(total) };
}

export async function fingerprintsOf(db: Db, runId: string): Promise<Set<string>> {
  const rows = await db.select({ f: codeComplianceFindings.fingerprint }).from(codeComplianceFindings).where(eq(codeComplianceFindings.runId, runId));
  return new Set(rows.map((r) => r.f));
}

export function findingsByFingerprints(db: Db, runId: string, fingerprints: string[]) {
  if (!fingerprints.length) return Promise.resolve([] as CodeFindingRow[]);
  return db.select().from(codeComplianceFindings).where(and(eq(codeComplianceFindings.runId, runId), inArray(codeComplianceFindings.fingerprint, fingerprints.slice(0, 500))));
}

export function locationsOfState(db: Db, stateCode: string) {
  return db.select().from(locations).where(sql`upper(${locations.stateCode}) = ${stateCode.toUpperCase()}`);
}

export function codeLocations(db: Db) {
  return db.select().from(locations).where(eq(locations.municipalCodeEnabled, true));
}

export async function locationById(db: Db, id: string) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complianceAudit, complianceFindings, complianceReports, locations, praRequests, users } from '../../db/schema';

/**
 * All SQL of compliance reports and records requests. Every read is scoped by the owner: a report
 * belongs to the user who made it (an ADMIN may check a document of another location; the report
 * is still its own), so anyone else's report is "not found".
 */
export type ReportRow = typeof complianceReports.$inferSelect;
export type FindingRow = typeof complianceFindings.$inferSelect;
export type PraRow = typeof praRequests.$inferSelect;
export interface Owner {
  userId: string;
}

const ownedReport = (owner: Owner, id: string) =>
  and(eq(complianceReports.id, id), eq(complianceReports.userId, owner.userId));

export async function insertReport(db: Db, row: typeof complianceReports.$inferInsert) {
  await db.insert(complianceReports).values(row);
}

export async function findReport(db: Db, owner: Owner, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(complianceReports).where(ownedReport(owner, id)).limit(1);
  return row;
}

/** For the job handler, which acts for the owner the report names. */
export async function reportById(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(complianceReports).where(eq(complianceReports.id, id)).limit(1);
  return row;
}

export async function findingOf(db: Db, reportId: string, findingId: string): Promise<FindingRow | undefined> {
  const [row] = await db.select().from(complianceFindings).where(and(eq(complianceFindings.reportId, reportId), eq(complianceFindings.id, findingId))).limit(1);
  return row;
}

export function findingsOf(db: Db, reportId: string): Promise<FindingRow[]> {
  return db.select().from(complianceFindings).where(eq(complianceFindings.reportId, reportId)).orderBy(asc(complianceFindings.position));
}

export function auditOf(db: Db, where: { reportId?: string; praRequestId?: string }) {
  return db
    .select({
      action: complianceAudit.action,
      findingId: complianceAudit.findingId,
      from: complianceAudit.fromValue,
      to: complianceAudit.toValue,
      at: complianceAudit.at,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(complianceAudit)
    .leftJoin(users, eq(users.id, complianceAudit.userId))
    .where(where.reportId ? eq(complianceAudit.reportId, where.reportId) : eq(complianceAudit.praRequestId, where.praRequestId ?? ''))
    .orderBy(asc(complianceAudit.at), asc(complianceAudit.id));
}

export interface AuditInput {
  reportId?: string;
  praRequestId?: string;
  findingId?: string;
  userId: string | null;
  action: string;
  from: string | null;
  to: string | null;
}

const auditRow = (a: AuditInput) => ({
  id: randomUUID(),
  reportId: a.reportId ?? null,
  praRequestId: a.praRequestId ?? null,
  findingId: a.findingId ?? null,
  userId: a.userId,
  action: a.action,
  fromValue: a.from,
  toValue: a.to,
});

export async function addAudit(db: Db, entries: AuditInput[]) {
  if (entries.length) await db.insert(complianceAudit).values(entries.map(auditRow));
}

/** Progress of a running check; never moves a report that is no longer running. */
/** A scan's text as OCR read it: the findings' places point into it. */
export async function setReportText(db: Db, id: string, text: string) {
  await db.update(complianceReports).set({ text, updatedAt: new Date() }).where(eq(complianceReports.id, id));
}

export async function setProgress(db: Db, id: string, progress: number, stage: string | null) {
  await db
    .update(complianceReports)
    .set({ progress, stage, jobState: 'running', updatedAt: new Date() })
    .where(and(eq(complianceReports.id, id), inArray(complianceReports.jobState, ['queued', 'running'])));
}

/**
 * The check's outcome, in one transaction: the findings are written and the report marked
 * completed together, unless it was cancelled meanwhile (then nothing is written). Answers
 * whether it was written.
 */
export async function completeReport(
  db: Db,
  id: string,
  findings: (typeof complianceFindings.$inferInsert)[],
  done: { engine: string; documentFacts: unknown },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [current] = await t.select({ state: complianceReports.jobState }).from(complianceReports).where(eq(complianceReports.id, id)).for('update').limit(1);
    if (!current || current.state === 'cancelled' || current.state === 'completed') return false;
    // A retried job replaces what a failed attempt may have left.
    await t.delete(complianceFindings).where(and(eq(complianceFindings.reportId, id), eq(complianceFindings.origin, 'rule')));
    const chunk = 500;
    for (let i = 0; i < findings.length; i += chunk) await t.insert(complianceFindings).values(findings.slice(i, i + chunk));
    const now = new Date();
    await t
      .update(complianceReports)
      .set({ jobState: 'completed', progress: 100, stage: null, error: null, engine: done.engine, documentFacts: done.documentFacts, completedAt: now, updatedAt: now })
      .where(eq(complianceReports.id, id));
    return true;
  });
}

export async function endReport(db: Db, id: string, state: 'failed' | 'cancelled', error: string | null) {
  await db
    .update(complianceReports)
    .set({ jobState: state, error, stage: null, updatedAt: new Date() })
    .where(and(eq(complianceReports.id, id), inArray(complianceReports.jobState, ['queued', 'running'])));
}

export async function setJobId(db: Db, id: string, jobId: string) {
  await db.update(complianceReports).set({ jobId }).where(eq(complianceReports.id, id));
}

export async function updateReport(db: Db, owner: Owner, id: string, set: Partial<Pick<ReportRow, 'status' | 'folder'>>) {
  await db.update(complianceReports).set({ ...set, updatedAt: new Date() }).where(ownedReport(owner, id));
}

export async function updateFindings(db: Db, reportId: string, ids: string[], set: Partial<Pick<FindingRow, 'status' | 'severity'>>) {
  if (!ids.length) return;
  await db
    .update(complianceFindings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(complianceFindings.reportId, reportId), inArray(complianceFindings.id, ids)));
  await db.update(complianceReports).set({ updatedAt: new Date() }).where(eq(complianceReports.id, reportId));
}

export async function insertFinding(db: Db, row: typeof complianceFindings.$inferInsert) {
  await db.insert(complianceFindings).values(row);
}

export async function nextPosition(db: Db, reportId: string): Promise<number> {
  const [row] = await db.select({ max: sql<number>`coalesce(max(${complianceFindings.position}), -1)` }).from(complianceFindings).where(eq(complianceFindings.reportId, reportId));
  return Number(row?.max ?? -1) + 1;
}

export interface HistoryFilter {
  complianceType?: string;
  status?: string;
  folder?: string;
  startDate?: string;
  endDate?: string;
  limit: number;
  skip: number;
}

export async function listReports(db: Db, owner: Owner, f: HistoryFilter) {
  const where: SQL[] = [eq(complianceReports.userId, owner.userId)];
  if (f.complianceType) where.push(eq(complianceReports.complianceType, f.complianceType));
  if (f.status) where.push(eq(complianceReports.status, f.status));
  if (f.folder) where.push(eq(complianceReports.folder, f.folder));
  if (f.startDate) where.push(gte(complianceReports.createdAt, new Date(`${f.startDate}T00:00:00Z`)));
  if (f.endDate) where.push(lt(complianceReports.createdAt, new Date(Date.parse(`${f.endDate}T00:00:00Z`) + 86_400_000)));
  const rows = await db
    .select({
      id: complianceReports.id,
      title: complianceReports.title,
      complianceType: complianceReports.complianceType,
      source: complianceReports.source,
      filename: complianceReports.filename,
      jobState: complianceReports.jobState,
      progress: complianceReports.progress,
      status: complianceReports.status,
      folder: complianceReports.folder,
      createdAt: complianceReports.createdAt,
      updatedAt: complianceReports.updatedAt,
    })
    .from(complianceReports)
    .where(and(...where))
    .orderBy(desc(complianceReports.createdAt), desc(complianceReports.id))
    .limit(f.limit)
    .offset(f.skip);
  const [{ total }] = await db.select({ total: count() }).from(complianceReports).where(and(...where));
  return { rows, total: Number(total) };
}

/** Findings counted by report, status and severity, for a page of reports. */
export function findingCounts(db: Db, reportIds: string[]) {
  if (!reportIds.length) return Promise.resolve([]);
  return db
    .select({ reportId: complianceFindings.reportId, status: complianceFindings.status, severity: complianceFindings.severity, n: count() })
    .from(complianceFindings)
    .where(inArray(complianceFindings.reportId, reportIds))
    .groupBy(complianceFindings.reportId, complianceFindings.status, complianceFindings.severity);
}

export async function folderCounts(db: Db, owner: Owner) {
  const rows = await db
    .select({ name: complianceReports.folder, n: count() })
    .from(complianceReports)
    .where(and(eq(complianceReports.userId, owner.userId), sql`${complianceReports.folder} is not null`))
    .groupBy(complianceReports.folder)
    .orderBy(asc(complianceReports.folder));
  return rows.map((r) => ({ name: r.name as string, count: Number(r.n) }));
}

export function reportsByIds(db: Db, owner: Owner, ids: string[]) {
  if (!ids.length) return Promise.resolve([] as ReportRow[]);
  return db
    .select()
    .from(complianceReports)
    .where(and(inArray(complianceReports.id, ids), eq(complianceReports.userId, owner.userId)));
}

export function acceptedPrivacyFindings(db: Db, reportIds: string[]) {
  if (!reportIds.length) return Promise.resolve([] as FindingRow[]);
  return db
    .select()
    .from(complianceFindings)
    .where(and(inArray(complianceFindings.reportId, reportIds), eq(complianceFindings.ruleSet, 'privacy'), eq(complianceFindings.status, 'accepted')));
}

export async function locationById(db: Db, id: string) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

// ---- Records requests ----

const ownedPra = (owner: Owner, id: string) => and(eq(praRequests.id, id), eq(praRequests.userId, owner.userId));

export async function insertPra(db: Db, row: typeof praRequests.$inferInsert) {
  await db.insert(praRequests).values(row);
}

export async function findPra(db: Db, owner: Owner, id: string): Promise<PraRow | undefined> {
  const [row] = await db.select().from(praRequests).where(ownedPra(owner, id)).limit(1);
  return row;
}

export async function updatePra(db: Db, owner: Owner, id: string, set: Partial<PraRow>) {
  await db.update(praRequests).set({ ...set, updatedAt: new Date() }).where(ownedPra(owner, id));
}

export function listPra(db: Db, owner: Owner) {
  return db
    .select()
    .from(praRequests)
    .where(eq(praRequests.userId, owner.userId))
    .orderBy(desc(praRequests.createdAt))
    .limit(100);
}

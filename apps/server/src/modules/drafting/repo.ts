import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { draftedDocuments, draftedDocumentVersions, draftTemplates, legislation } from '../../db/schema';

/** All SQL of drafting. Every read of a draft is scoped by its owner and location. */
export type DraftRow = typeof draftedDocuments.$inferSelect;
export type DraftVersionRow = typeof draftedDocumentVersions.$inferSelect;
export interface Owner {
  userId: string;
  locationId: string;
}
const owned = (owner: Owner, id: string) =>
  and(eq(draftedDocuments.id, id), eq(draftedDocuments.userId, owner.userId), eq(draftedDocuments.locationId, owner.locationId));

export async function insertDraft(db: Db, row: typeof draftedDocuments.$inferInsert, reason: string) {
  await db.transaction(async (tx) => {
    await tx.insert(draftedDocuments).values(row);
    await tx.insert(draftedDocumentVersions).values({
      id: `${row.id}-v1`,
      documentId: row.id,
      version: 1,
      title: row.title,
      content: row.content,
      text: row.text,
      reason,
    });
  });
}

export async function findDraft(db: Db, owner: Owner, id: string): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(draftedDocuments).where(owned(owner, id)).limit(1);
  return row;
}

/**
 * A new version of a draft, in one transaction: the row takes the new body and the next version
 * number, unless `coalesce` allows updating the latest version (consecutive autosaves).
 */
export async function saveVersion(
  db: Db,
  owner: Owner,
  id: string,
  next: { title: string; content: unknown; text: string; metadata?: unknown; reason: string; coalesceWithin?: number; baseVersion?: number },
): Promise<{ row: DraftRow; conflict: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [current] = await t.select().from(draftedDocuments).where(owned(owner, id)).for('update').limit(1);
    if (!current) return undefined;
    // The editor sends the version it last saw: another writer's newer version is a conflict.
    if (next.baseVersion !== undefined && next.baseVersion !== current.version) return { row: current, conflict: true };
    const [latest] = await t
      .select()
      .from(draftedDocumentVersions)
      .where(and(eq(draftedDocumentVersions.documentId, id), eq(draftedDocumentVersions.version, current.version)))
      .limit(1);
    const now = new Date();
    const coalesce =
      next.coalesceWithin !== undefined && latest?.reason === 'autosave' && next.reason === 'autosave' && now.getTime() - latest.updatedAt.getTime() < next.coalesceWithin;
    const version = coalesce ? current.version : current.version + 1;
    if (coalesce) {
      await t
        .update(draftedDocumentVersions)
        .set({ title: next.title, content: next.content, text: next.text, updatedAt: now })
        .where(and(eq(draftedDocumentVersions.documentId, id), eq(draftedDocumentVersions.version, version)));
    } else {
      await t.insert(draftedDocumentVersions).values({ id: `${id}-v${version}`, documentId: id, version, title: next.title, content: next.content, text: next.text, reason: next.reason, createdAt: now, updatedAt: now });
    }
    const [row] = await t
      .update(draftedDocuments)
      .set({ title: next.title, content: next.content, text: next.text, version, updatedAt: now, ...(next.metadata ? { metadata: next.metadata } : {}) })
      .where(owned(owner, id))
      .returning();
    return { row, conflict: false };
  });
}

export async function renameDraft(db: Db, owner: Owner, id: string, title: string, metadata?: unknown) {
  const [row] = await db.update(draftedDocuments).set({ title, updatedAt: new Date(), ...(metadata ? { metadata } : {}) }).where(owned(owner, id)).returning();
  return row;
}

export async function deleteDraft(db: Db, owner: Owner, id: string): Promise<boolean> {
  const rows = await db.delete(draftedDocuments).where(owned(owner, id)).returning({ id: draftedDocuments.id });
  return rows.length > 0;
}

export async function listDrafts(
  db: Db,
  owner: Owner,
  q: { kind?: string; startDate?: string; endDate?: string; words?: string; offset: number; limit: number },
) {
  const where: SQL[] = [eq(draftedDocuments.userId, owner.userId), eq(draftedDocuments.locationId, owner.locationId)];
  if (q.kind) where.push(eq(draftedDocuments.kind, q.kind));
  if (q.startDate) where.push(gte(draftedDocuments.updatedAt, new Date(`${q.startDate}T00:00:00Z`)));
  if (q.endDate) where.push(lt(draftedDocuments.updatedAt, new Date(new Date(`${q.endDate}T00:00:00Z`).getTime() + 86_400_000)));
  for (const word of (q.words ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${ilike(draftedDocuments.title, pattern)} OR ${ilike(draftedDocuments.text, pattern)})`);
  }
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: draftedDocuments.id,
        kind: draftedDocuments.kind,
        title: draftedDocuments.title,
        excerpt: sql<string>`left(${draftedDocuments.text}, 400)`,
        text: draftedDocuments.text,
        version: draftedDocuments.version,
        createdAt: draftedDocuments.createdAt,
        updatedAt: draftedDocuments.updatedAt,
      })
      .from(draftedDocuments)
      .where(condition)
      .orderBy(desc(draftedDocuments.updatedAt), desc(draftedDocuments.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(draftedDocuments).where(condition),
  ]);
  return { rows, total };
}

export function listVersions(db: Db, documentId: string) {
  return db
    .select({
      version: draftedDocumentVersions.version,
      title: draftedDocumentVersions.title,
      reason: draftedDocumentVersions.reason,
      createdAt: draftedDocumentVersions.createdAt,
      characters: sql<number>`length(${draftedDocumentVersions.text})::int`,
    })
    .from(draftedDocumentVersions)
    .where(eq(draftedDocumentVersions.documentId, documentId))
    .orderBy(desc(draftedDocumentVersions.version));
}

export async function findVersion(db: Db, documentId: string, version: number) {
  const [row] = await db
    .select()
    .from(draftedDocumentVersions)
    .where(and(eq(draftedDocumentVersions.documentId, documentId), eq(draftedDocumentVersions.version, version)))
    .limit(1);
  return row;
}

/** Past measures by id, as the drafter reads them. */
export function measuresByIds(db: Db, locationId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: legislation.id,
      lawNumber: legislation.lawNumber,
      fileNumber: legislation.fileNumber,
      sourceId: legislation.sourceId,
      title: legislation.title,
      longTitle: legislation.longTitle,
      text: legislation.text,
      effective: legislation.effective,
      historyUrl: legislation.historyUrl,
    })
    .from(legislation)
    .where(and(eq(legislation.locationId, locationId), inArray(legislation.id, ids)));
}

export async function findTemplate(db: Db, locationId: string, kind: string) {
  const [row] = await db.select().from(draftTemplates).where(and(eq(draftTemplates.locationId, locationId), eq(draftTemplates.kind, kind))).limit(1);
  return row;
}

/** The city's template of a kind: one per kind, a new upload replaces it. Answers the replaced row. */
export async function replaceTemplate(db: Db, row: typeof draftTemplates.$inferInsert) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const previous = await findTemplate(t, row.locationId, row.kind);
    if (previous) await t.delete(draftTemplates).where(eq(draftTemplates.id, previous.id));
    await t.insert(draftTemplates).values(row);
    return previous;
  });
}

export async function deleteTemplate(db: Db, id: string) {
  await db.delete(draftTemplates).where(eq(draftTemplates.id, id));
}

import type { ExternalDocumentListQuery } from '@civicdesk/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalDocuments } from '../../db/schema';

/** Uploaded documents of one location; every function is scoped by it. */
export type ExternalDocumentRow = typeof externalDocuments.$inferSelect;

const SORT_COLUMNS = {
  updated_at: externalDocuments.updatedAt,
  created_at: externalDocuments.createdAt,
  title: externalDocuments.title,
  filename: externalDocuments.filename,
  size_bytes: externalDocuments.sizeBytes,
} as const;

export async function listDocuments(db: Db, locationId: string, q: ExternalDocumentListQuery, skip: number) {
  const where: SQL[] = [eq(externalDocuments.locationId, locationId)];
  if (q.document_type) where.push(eq(externalDocuments.documentType, q.document_type));
  const condition = and(...where);
  const column = SORT_COLUMNS[q.sort_by];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(externalDocuments)
      .where(condition)
      .orderBy(q.sort_order === 1 ? asc(column) : desc(column), asc(externalDocuments.id))
      .limit(q.limit)
      .offset(skip),
    db.select({ total: count() }).from(externalDocuments).where(condition),
  ]);
  return { rows, total };
}

export async function insertDocuments(db: Db, values: (typeof externalDocuments.$inferInsert)[]) {
  return db.insert(externalDocuments).values(values).returning();
}

export async function findDocument(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select()
    .from(externalDocuments)
    .where(and(eq(externalDocuments.id, id), eq(externalDocuments.locationId, locationId)))
    .limit(1);
  return row;
}

export async function findDocumentByStorageKey(db: Db, locationId: string, storageKey: string) {
  const [row] = await db
    .select()
    .from(externalDocuments)
    .where(and(eq(externalDocuments.storageKey, storageKey), eq(externalDocuments.locationId, locationId)))
    .limit(1);
  return row;
}

export async function deleteDocuments(db: Db, locationId: string, ids: string[]) {
  for (const id of ids) await db.delete(externalDocuments).where(and(eq(externalDocuments.id, id), eq(externalDocuments.locationId, locationId)));
}

import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { threadMessages, threads, users } from '../../db/schema';
import { createReadCache } from '../../platform/read-cache';

type ThreadListRow = { id: string; title: string; updatedAt: Date };
/** The sidebar asks for the list on every page; every thread write below clears it. */
const threadLists = createReadCache<ThreadListRow[]>({ name: 'thread-lists', ttlMs: 5_000, maxEntries: 10_000 });

/** Threads are owned by a user and live in the user's location. */
export async function listThreads(db: Db, owner: { userId: string; locationId: string }): Promise<ThreadListRow[]> {
  const rows = await threadLists.get(db, `${owner.userId}|${owner.locationId}`, () =>
    db
      .select({ id: threads.id, title: threads.title, updatedAt: threads.updatedAt })
      .from(threads)
      .where(and(eq(threads.userId, owner.userId), eq(threads.locationId, owner.locationId)))
      .orderBy(desc(threads.updatedAt)),
  );
  return rows ?? [];
}

/** A thread of the given location (any owner): callers decide what the reader may do with it. */
export async function findThreadInLocation(db: Db, id: string, locationId: string) {
  const [row] = await db
    .select({
      id: threads.id,
      title: threads.title,
      userId: threads.userId,
      createdAt: threads.createdAt,
      updatedAt: threads.updatedAt,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(threads)
    .innerJoin(users, eq(users.id, threads.userId))
    .where(and(eq(threads.id, id), eq(threads.locationId, locationId)))
    .limit(1);
  return row;
}

export function listMessages(db: Db, threadId: string) {
  return db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.threadId, threadId))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
}

export async function insertThread(db: Db, values: typeof threads.$inferInsert) {
  await db.insert(threads).values(values);
  threadLists.clear(db);
}

/** Messages of one thread, in one statement: a question and its answer are stored together or not at all. */
export async function insertMessages(db: Db, threadId: string, values: (typeof threadMessages.$inferInsert)[]) {
  if (!values.length) return;
  await db.insert(threadMessages).values(values);
  await db.update(threads).set({ updatedAt: new Date() }).where(eq(threads.id, threadId));
  threadLists.clear(db);
}

export async function renameThread(db: Db, id: string, title: string) {
  await db.update(threads).set({ title, updatedAt: new Date() }).where(eq(threads.id, id));
  threadLists.clear(db);
}

export async function deleteThread(db: Db, id: string) {
  await db.delete(threads).where(eq(threads.id, id));
  threadLists.clear(db);
}

import { and, desc, eq, asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema';

/** All SQL of the Legal Chatbot's conversations; each read is scoped by its owner and location. */
export interface Owner {
  userId: string;
  locationId: string;
}
const owned = (owner: Owner, id: string) => and(eq(chatConversations.id, id), eq(chatConversations.userId, owner.userId), eq(chatConversations.locationId, owner.locationId));

export async function findConversation(db: Db, owner: Owner, id: string) {
  const [row] = await db.select().from(chatConversations).where(owned(owner, id)).limit(1);
  return row;
}

export async function insertConversation(db: Db, row: typeof chatConversations.$inferInsert) {
  await db.insert(chatConversations).values(row);
}

export async function appendMessage(db: Db, conversationId: string, message: { id: string; role: 'user' | 'assistant'; content: string; payload?: unknown; createdAt?: Date }) {
  await db.insert(chatMessages).values({ ...message, conversationId });
  await db.update(chatConversations).set({ updatedAt: new Date() }).where(eq(chatConversations.id, conversationId));
}

export async function updateMessage(db: Db, id: string, message: { content: string; payload: unknown }) {
  await db.update(chatMessages).set(message).where(eq(chatMessages.id, id));
}

export function listConversations(db: Db, owner: Owner, limit = 100) {
  return db
    .select({ id: chatConversations.id, title: chatConversations.title, updatedAt: chatConversations.updatedAt })
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, owner.userId), eq(chatConversations.locationId, owner.locationId)))
    .orderBy(desc(chatConversations.updatedAt))
    .limit(limit);
}

export function messagesOf(db: Db, conversationId: string) {
  return db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

export async function deleteConversation(db: Db, owner: Owner, id: string): Promise<boolean> {
  const rows = await db.delete(chatConversations).where(owned(owner, id)).returning({ id: chatConversations.id });
  return rows.length > 0;
}

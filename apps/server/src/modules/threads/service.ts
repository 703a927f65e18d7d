import { randomUUID } from 'node:crypto';
import type { ThreadDetail } from '@civicdesk/contract';
import { titleFrom } from '@civicdesk/contract';
import { type ConversationTurn, turnOf } from '../../platform/retrieval/conversation';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import * as repo from './repo';

/**
 * Conversation threads. The owner reads and writes; any signed-in user of the same location may
 * open a shared link read-only; everyone else gets "not found".
 */
export async function listThreads(db: Db, reader: Principal) {
  const rows = await repo.listThreads(db, reader);
  return rows.map((t) => ({ id: t.id, title: t.title, updatedAt: t.updatedAt.toISOString() }));
}

export async function readThread(db: Db, reader: Principal, id: string): Promise<ThreadDetail> {
  const thread = await repo.findThreadInLocation(db, id, reader.locationId);
  if (!thread) throw notFound('Conversation');
  const messages = await repo.listMessages(db, id);
  return {
    id: thread.id,
    title: thread.title,
    createdAt: thread.createdAt.toISOString(),
    updatedAt: thread.updatedAt.toISOString(),
    read_only: thread.userId !== reader.userId,
    owner: { firstName: thread.ownerFirstName, lastName: thread.ownerLastName },
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role as 'user' | 'assistant',
      content: m.content,
      payload: m.payload ?? undefined,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** The thread if the caller owns it; a shared reader or a stranger gets "not found". */
export async function ownThread(db: Db, owner: Principal, id: string) {
  const thread = await repo.findThreadInLocation(db, id, owner.locationId);
  if (!thread || thread.userId !== owner.userId) throw notFound('Conversation');
  return thread;
}

export async function renameThread(db: Db, owner: Principal, id: string, title: string) {
  await ownThread(db, owner, id);
  await repo.renameThread(db, id, title);
  return { success: true, message: 'Conversation renamed successfully', thread: { id, title } };
}

export async function deleteThread(db: Db, owner: Principal, id: string) {
  await ownThread(db, owner, id);
  await repo.deleteThread(db, id);
  return { success: true, message: 'Conversation deleted successfully' };
}

/** Starts a thread titled from its first question (used by the Knowledge Assistant). */
export async function startThread(db: Db, owner: Principal, firstQuestion: string): Promise<string> {
  const id = randomUUID();
  const title = titleFrom(firstQuestion) || 'New conversation';
  await repo.insertThread(db, { id, userId: owner.userId, locationId: owner.locationId, title });
  return id;
}

/**
 * Messages added to a thread in the order given (a question, then its answer), in one statement;
 * each a millisecond after the one before, so they read back in that order.
 */
export async function appendMessages(db: Db, threadId: string, messages: { role: 'user' | 'assistant'; content: string; payload?: unknown }[]): Promise<string[]> {
  const at = Date.now();
  const rows = messages.map((m, i) => ({ id: randomUUID(), threadId, role: m.role, content: m.content, payload: m.payload ?? null, createdAt: new Date(at + i) }));
  await repo.insertMessages(db, threadId, rows);
  return rows.map((r) => r.id);
}

/** The conversation so far as chat turns (oldest first), for answering a follow-up. */
/** The thread's turns for the next question: each answer with the code sections it cited (a follow-up's candidates). */
export async function turnsOf(db: Db, threadId: string, max = 20): Promise<ConversationTurn[]> {
  const messages = await repo.listMessages(db, threadId);
  return messages.slice(-max).map((m) => turnOf(m.role as 'user' | 'assistant', m.content, (m.payload as { analysis?: { citations?: unknown } } | null)?.analysis?.citations));
}

/** The draft the conversation last made or revised (its id and kind), for "make it shorter" on the next turn. */
export async function lastDraftOf(db: Db, threadId: string): Promise<{ id: string; type: string } | null> {
  const messages = await repo.listMessages(db, threadId);
  for (const m of [...messages].reverse()) {
    const drafted = (m.payload as { metadata?: { drafted_documents?: { id: string; type: string }[] } } | null)?.metadata?.drafted_documents;
    if (drafted?.length) return drafted[drafted.length - 1];
  }
  return null;
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Citation, LegalChatRequest } from '@civicdesk/contract';
import { answerOffline, type ChatTurn, engineLabel, type Source, SUPPORTED_EDITS, wordPieces } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { verifyCitations } from '../../platform/retrieval/citations';
import { searchCode } from '../../platform/retrieval/code-sources';
import type { SseEvent } from '../../platform/sse';
import { resolveLocation } from '../../platform/tenancy';
import { sectionsNamedIn } from '../drafting/documents';
import { premiseCorrection, premiseOf } from './premise';
import * as repo from './repo';

/**
 * The Legal Chatbot (issue 10): each question is answered from the city's code with the one
 * retrieval layer, streamed token by token. The user's question is stored before any work starts
 * (nothing submitted is lost); the answer is stored when it ends, or what was streamed when the
 * user stops it or goes away, marked stopped. The signal ends the work at once.
 */
const SECTIONS_ANSWERED_FROM = 5;
const GUIDANCE =
  'You are a legal assistant for city staff. Answer in a few plain sentences from the sources only. If the question takes for granted something the sources contradict, say so first and correct it from the sources. If the sources do not answer it, say so.';
const OFF_TOPIC = (city: string) => `I can only answer questions about the law of ${city}, and I found nothing in its code that speaks to this. Ask about a rule, a deadline, a fee or a permit of ${city}.`;

const ownerOf = (p: Principal): repo.Owner => ({ userId: p.userId, locationId: p.locationId });

export async function* legalChat(ctx: AppContext, principal: Principal, input: LegalChatRequest, signal: AbortSignal): AsyncIterable<SseEvent> {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.city_code });
  const existing = input.conversation_id ? await repo.findConversation(ctx.db, ownerOf(principal), input.conversation_id) : undefined;
  if (input.conversation_id && !existing) throw notFound('Conversation');
  const conversationId = existing?.id ?? randomUUID();
  const history: ChatTurn[] = existing
    ? (await repo.messagesOf(ctx.db, existing.id)).filter((m) => m.content).map((m) => ({ role: m.role as ChatTurn['role'], content: m.content }))
    : input.chat_history;
  // A conversation is its owner's, kept in the owner's location even when an ADMIN asks about another city.
  if (!existing) await repo.insertConversation(ctx.db, { id: conversationId, userId: principal.userId, locationId: principal.locationId, title: input.message.slice(0, 80) });
  const asked = new Date();
  await repo.appendMessage(ctx.db, conversationId, { id: randomUUID(), role: 'user', content: input.message, createdAt: asked });
  // The answer's row exists from the start (in order after the question), filled in when the stream ends or stops.
  const answerId = randomUUID();
  await repo.appendMessage(ctx.db, conversationId, { id: answerId, role: 'assistant', content: '', payload: { streaming: true }, createdAt: new Date(asked.getTime() + 1) });

  const model = ctx.ai.name !== 'offline';
  yield { event: 'meta', data: { conversation_id: conversationId, engine: ctx.ai.name, engine_label: engineLabel({ engine: ctx.ai.name, model: ctx.ai.model }) } };

  let streamed = '';
  let citations: Citation[] = [];
  let dropped = 0;
  let corrected = false;
  let found = false;
  try {
    const plan = await ctx.ai.planQueries(input.message, history, signal);
    let code = await searchCode(ctx.db, ctx.codeIndexes, location.locationId, plan.queries, { answerFrom: SECTIONS_ANSWERED_FROM });
    // A premise is a claim about the law: when the question as a whole finds nothing ("can we wait until
    // next month?" says little), the claim is searched on its own, so the section that settles it is found.
    const premise = premiseOf(input.message);
    if (!code.answerable && premise) code = await searchCode(ctx.db, ctx.codeIndexes, location.locationId, [premise], { answerFrom: SECTIONS_ANSWERED_FROM });
    const sources: Source[] = [...code.sources.values()].map((s) => ({ id: s.id, label: s.number, title: s.title, text: s.text }));
    // The passages the answer rests on: the built-in engine's choice over the same sources, checked.
    const grounded = answerOffline({ task: 'answer', question: input.message, sources, relatedWords: code.relatedWords, maxQuotes: 3 });
    ({ citations, dropped } = verifyCitations(grounded.quotes, code.sources));
    found = code.answerable && grounded.found && citations.length > 0;
    const tokens = async function* (): AsyncIterable<string> {
      if (!found) {
        yield* wordPieces(OFF_TOPIC(location.name));
        return;
      }
      const correction = premiseCorrection(premise, citations);
      if (correction) {
        corrected = true;
        yield* wordPieces(`${correction}\n\n`);
      }
      if (!model) {
        yield* wordPieces(grounded.text);
        return;
      }
      try {
        yield* ctx.ai.streamAnswer({ task: 'answer', question: input.message, sources, history, guidance: GUIDANCE, signal });
      } catch (err) {
        if (signal.aborted) throw err;
        // The model stopped mid-answer: say so, and give the grounded answer instead.
        yield* wordPieces(`\n\n(The model stopped answering: ${(err as Error).message.replace(/\.$/, '')}. The built-in engine's answer follows.)\n\n${grounded.text}`);
      }
    };
    for await (const token of tokens()) {
      if (signal.aborted) break;
      streamed += token;
      yield { event: 'token', data: { text: token } };
      if (!model && ctx.config.chatPaceMs > 0) await sleep(ctx.config.chatPaceMs, undefined, { signal }).catch(() => undefined);
    }
    if (!signal.aborted) {
      yield { event: 'citations', data: { citations: found ? citations : [], dropped_citations: dropped } };
      yield { event: 'done', data: { conversation_id: conversationId, found, corrected_premise: corrected } };
    }
  } finally {
    await repo.updateMessage(ctx.db, answerId, {
      content: streamed,
      payload: { citations: found ? citations : [], dropped_citations: dropped, stopped: signal.aborted, engine_label: engineLabel({ engine: ctx.ai.name, model: ctx.ai.model }) },
    });
  }
}

/** POST /chat/edit: the edited text streamed, then what changed (or why nothing did). */
export async function* chatEdit(ctx: AppContext, principal: Principal, input: { original_text: string; edit_request: string }, signal: AbortSignal): AsyncIterable<SseEvent> {
  const sources = await sectionsNamedIn(ctx, principal, input.edit_request);
  const stream = ctx.ai.streamEdit({ text: input.original_text, instruction: input.edit_request, sources, signal });
  for await (const chunk of stream.chunks) {
    if (signal.aborted) return;
    yield { event: 'token', data: { text: chunk } };
  }
  const outcome = await stream.outcome;
  const engine = outcome.fallbackReason || ctx.ai.name === 'offline' ? ('offline' as const) : ctx.ai.name;
  yield {
    event: 'done',
    data: {
      applied: outcome.applied,
      summary: outcome.fallbackReason ? `${outcome.summary} ${outcome.fallbackReason}` : outcome.summary,
      engine,
      engine_label: engineLabel({ engine, model: ctx.ai.model }),
      supported: outcome.applied ? [] : SUPPORTED_EDITS,
    },
  };
}

export async function listConversations(ctx: AppContext, principal: Principal) {
  return (await repo.listConversations(ctx.db, ownerOf(principal))).map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt.toISOString() }));
}

export async function readConversation(ctx: AppContext, principal: Principal, id: string) {
  const row = await repo.findConversation(ctx.db, ownerOf(principal), id);
  if (!row) throw notFound('Conversation');
  const messages = await repo.messagesOf(ctx.db, row.id);
  return {
    id: row.id,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    messages: messages.map((m) => {
      const payload = (m.payload ?? {}) as { citations?: Citation[]; stopped?: boolean; engine_label?: string };
      return {
        id: m.id,
        role: m.role as 'user' | 'assistant',
        content: m.content,
        citations: payload.citations ?? [],
        stopped: payload.stopped ?? false,
        engine_label: payload.engine_label ?? null,
        created_at: m.createdAt.toISOString(),
      };
    }),
  };
}

export async function deleteConversation(ctx: AppContext, principal: Principal, id: string) {
  if (!(await repo.deleteConversation(ctx.db, ownerOf(principal), id))) throw notFound('Conversation');
  return { success: true as const, id };
}

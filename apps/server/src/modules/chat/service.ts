import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnswerOutcome, Citation, LegalChatRequest, ProductSentence } from '@civicdesk/contract';
import { titleFrom } from '@civicdesk/contract';
import { type ChatTurn, type EngineName, engineLabel, offlineEngine, SUPPORTED_EDITS, wordPieces } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { answerFromSources, firstSentence, modelVerdictSupported } from '../../platform/retrieval/answer';
import { asSource } from '../../platform/retrieval/citations';
import { searchForQuestion } from '../../platform/retrieval/code-sources';
import { type ConversationTurn, turnOf } from '../../platform/retrieval/conversation';
import type { SseEvent } from '../../platform/sse';
import { placeWordsOf, resolveLocation } from '../../platform/tenancy';
import { editMaterial } from '../drafting/documents';
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
const MODEL_UNSUPPORTED = "\n\n(The model's answer was not supported by the provision it quoted; the built-in engine's answer follows.)\n\n";

const ownerOf = (p: Principal): repo.Owner => ({ userId: p.userId, locationId: p.locationId });

export async function* legalChat(ctx: AppContext, principal: Principal, input: LegalChatRequest, signal: AbortSignal): AsyncIterable<SseEvent> {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.city_code });
  const existing = input.conversation_id ? await repo.findConversation(ctx.db, ownerOf(principal), input.conversation_id) : undefined;
  if (input.conversation_id && !existing) throw notFound('Conversation');
  const conversationId = existing?.id ?? randomUUID();
  // The server's own record is the conversation when there is one: each answer with the sections it cited.
  const history: ConversationTurn[] = existing
    ? (await repo.messagesOf(ctx.db, existing.id)).filter((m) => m.content).map((m) => turnOf(m.role as ChatTurn['role'], m.content, (m.payload as { citations?: unknown } | null)?.citations))
    : input.chat_history;
  // A conversation is its owner's, kept in the owner's location even when an ADMIN asks about another city.
  if (!existing) await repo.insertConversation(ctx.db, { id: conversationId, userId: principal.userId, locationId: principal.locationId, title: titleFrom(input.message) || 'New conversation' });
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
  let lead = '';
  let outcome: AnswerOutcome = 'not_found';
  let messages: ProductSentence[] = [];
  try {
    const code = await searchForQuestion(ctx.db, ctx.codeIndexes, location.locationId, ctx.ai, input.message, history, { answerFrom: SECTIONS_ANSWERED_FROM, signal });
    // The passages the answer rests on: the built-in engine's answer over the same sources, checked
    // (premise first); a model streams its own wording of it.
    const grounded = await answerFromSources(offlineEngine, input.message, history, code.answerable || code.closest ? code.sources : new Map(), {
      relatedWords: code.relatedWords,
      context: code.context,
      closest: code.closest,
      place: location.name,
      placeWords: placeWordsOf(location),
    });
    ({ citations, dropped, outcome } = grounded);
    found = grounded.found;
    corrected = grounded.correction !== null;
    lead = grounded.lead;
    messages = grounded.text ? grounded.messages : [{ code: 'chat_off_topic', params: { place: location.name } }];
    // A model words the answer only where the built-in engine found a provision that states it (or a premise to correct).
    const direct = outcome === 'answered' || outcome === 'corrected';
    const tokens = async function* (): AsyncIterable<string> {
      if (!found || !direct) {
        // The related provisions, said to be only that; else the plain refusal.
        yield* wordPieces(grounded.text || OFF_TOPIC(location.name));
        return;
      }
      if (!model) {
        yield* wordPieces(grounded.text);
        return;
      }
      if (grounded.correction) yield* wordPieces(`${grounded.correction}\n\n`);
      const sources = [...code.sources.values()].map(asSource);
      try {
        yield* ctx.ai.streamAnswer({ task: 'answer', question: code.plan.standalone ?? input.message, sources, history, guidance: GUIDANCE, signal });
      } catch (err) {
        if (signal.aborted) throw err;
        // The model stopped mid-answer: say so, and give the grounded answer instead.
        yield* wordPieces(`\n\n(The model stopped answering: ${(err as Error).message.replace(/\.$/, '')}. The built-in engine's answer follows.)\n\n${grounded.answer.text}`);
      }
    };
    for await (const token of tokens()) {
      if (signal.aborted) break;
      streamed += token;
      yield { event: 'token', data: { text: token } };
      if (!model && ctx.config.chatPaceMs > 0) await sleep(ctx.config.chatPaceMs, undefined, { signal }).catch(() => undefined);
    }
    // A model's answer sentence is the first of what it wrote, after the correction when there is one;
    // the offline check guards it as it guards the assistant's (a verdict its quote does not state is followed by the built-in answer).
    if (model && found && direct && !signal.aborted) {
      const own = firstSentence(grounded.correction ? streamed.slice(grounded.correction.length).trim() : streamed);
      const first = citations.find((c) => c.supports);
      if (outcome === 'answered' && !(await modelVerdictSupported(ctx.ai, code.plan.standalone ?? input.message, own, first, first ? (code.sources.get(first.source_id) ?? { title: first.title }) : undefined, code.context))) {
        for (const token of wordPieces(`${MODEL_UNSUPPORTED}${grounded.answer.text}`)) {
          streamed += token;
          yield { event: 'token', data: { text: token } };
        }
      } else lead = [grounded.correction, own].filter(Boolean).join('\n\n');
    }
    if (!signal.aborted) {
      yield { event: 'citations', data: { citations, dropped_citations: dropped } };
      yield { event: 'done', data: { conversation_id: conversationId, found, corrected_premise: corrected, answer: lead, outcome, messages } };
    }
  } finally {
    await repo.updateMessage(ctx.db, answerId, {
      content: streamed,
      payload: {
        citations,
        dropped_citations: dropped,
        stopped: signal.aborted,
        answer: signal.aborted ? '' : lead,
        engine_label: engineLabel({ engine: ctx.ai.name, model: ctx.ai.model }),
        engine: ctx.ai.name,
        outcome,
        messages,
      },
    });
  }
}

/** POST /chat/edit: the edited text streamed, then what changed (or why nothing did). */
export async function* chatEdit(ctx: AppContext, principal: Principal, input: { original_text: string; edit_request: string }, signal: AbortSignal): AsyncIterable<SseEvent> {
  const stream = ctx.ai.streamEdit({ text: input.original_text, instruction: input.edit_request, ...(await editMaterial(ctx, principal, input.edit_request)), signal });
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
      const payload = (m.payload ?? {}) as { citations?: Citation[]; stopped?: boolean; engine_label?: string; answer?: string; engine?: EngineName; outcome?: AnswerOutcome; messages?: ProductSentence[] };
      return {
        id: m.id,
        role: m.role as 'user' | 'assistant',
        content: m.content,
        citations: payload.citations ?? [],
        stopped: payload.stopped ?? false,
        answer: payload.answer ?? '',
        engine_label: payload.engine_label ?? null,
        engine: payload.engine ?? null,
        ...(payload.outcome ? { outcome: payload.outcome } : {}),
        ...(payload.messages ? { messages: payload.messages } : {}),
        created_at: m.createdAt.toISOString(),
      };
    }),
  };
}

export async function deleteConversation(ctx: AppContext, principal: Principal, id: string) {
  if (!(await repo.deleteConversation(ctx.db, ownerOf(principal), id))) throw notFound('Conversation');
  return { success: true as const, id };
}

import { z } from 'zod';
import { answerOutcomeSchema, engineNameSchema, productSentenceSchema } from './engine';
import { citationSchema, historyField, QUESTION_MAX } from './municipal-code';

/**
 * The Legal Chatbot (spec §2 /chat, §7 "Streaming"): POST /chat/legal streams the answer as
 * Server-Sent Events over fetch (never a token in a URL). Events, in order:
 *   meta      {conversation_id, engine, engine_label}
 *   token     {text}                       (many)
 *   citations {citations, dropped_citations}
 *   done      {conversation_id, found, corrected_premise, answer}
 *   error     {code, message}              (instead of the rest, when something fails)
 * POST /chat/edit streams an edited text the same way: token events, then done {applied, summary,
 * engine, engine_label, supported}.
 */
export const legalChatRequestSchema = z.strictObject({
  message: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Type a question').max(QUESTION_MAX)),
  chat_history: historyField,
  /** Continue a stored conversation of the caller's; without it a new one starts. */
  conversation_id: z.string().trim().min(1).max(64).optional(),
  city_code: z.string().trim().min(1).max(16).optional(),
});
export type LegalChatRequest = z.infer<typeof legalChatRequestSchema>;

export const chatMetaEventSchema = z.object({ conversation_id: z.string(), engine: engineNameSchema, engine_label: z.string() });
export const chatTokenEventSchema = z.object({ text: z.string() });
export const chatCitationsEventSchema = z.object({ citations: z.array(citationSchema), dropped_citations: z.number().int() });
/** `answer`: the sentence that answers (after the correction of a false premise, when there is one), shown apart from the quotes. */
export const chatDoneEventSchema = z.object({
  conversation_id: z.string(),
  found: z.boolean(),
  corrected_premise: z.boolean(),
  answer: z.string().optional(),
  /** How the answer stands, and the product's own sentences it opens with (engine.ts). */
  outcome: answerOutcomeSchema.optional(),
  messages: z.array(productSentenceSchema).optional(),
});
// POST /chat/edit streams `token` events, then `done` with an editOutcomeSchema (drafting.ts).

export const chatConversationSchema = z.object({ id: z.string(), title: z.string(), updatedAt: z.string() });
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(citationSchema),
  /** The answer was stopped before it finished. */
  stopped: z.boolean(),
  /** The answer sentence of an assistant turn ('' for a question, a stopped answer or nothing found). */
  answer: z.string().optional(),
  engine_label: z.string().nullable(),
  /** The engine that answered, for the web app to name in the reader's language (null for a question, or an answer stored before it). */
  engine: engineNameSchema.nullable().optional(),
  outcome: answerOutcomeSchema.optional(),
  messages: z.array(productSentenceSchema).optional(),
  created_at: z.string(),
});
export const chatConversationDetailSchema = chatConversationSchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatConversationDetail = z.infer<typeof chatConversationDetailSchema>;
export const chatConversationParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

import { z } from 'zod';
import { answerOutcomeSchema, engineNameSchema, productSentenceSchema } from './engine';
import { draftingResultsSchema } from './drafting-result';

/**
 * Knowledge Assistant (spec §3 "Municipal code generation request/response", §5 lookup rule,
 * §7 "Municipal code and conversations"). The request arrives as multipart form fields (or JSON);
 * booleans and history come as strings in a form, so they are coerced here.
 */
export const QUESTION_MAX = 4_000;
export const HISTORY_MAX_TURNS = 20;
export const ATTACHMENTS_MAX = 5;

/** A boolean as a form sends it ('true', 'on', '1'...), or a JSON boolean. */
export const formBoolean = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === true || v === 'true' || v === '1' || v === 'on'));

export const historyTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(20_000),
});
export type HistoryTurn = z.infer<typeof historyTurnSchema>;

/** history as an array, or as a JSON string of one (a multipart form field). */
export const historyField = z
  .union([z.array(historyTurnSchema), z.string().max(200_000)])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return [];
    if (Array.isArray(v)) return v.slice(-HISTORY_MAX_TURNS);
    try {
      return z.array(historyTurnSchema).parse(JSON.parse(v)).slice(-HISTORY_MAX_TURNS);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'history must be a JSON array of {role, content}' });
      return z.NEVER;
    }
  });

export const generateRequestSchema = z.strictObject({
  main_user_question: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Enter a question').max(QUESTION_MAX)),
  city_code: z.string().trim().min(1).max(16).optional(),
  thread_id: z.string().trim().max(64).optional().transform((v) => v || undefined),
  history: historyField,
  draft_input: z.string().max(20_000).optional(),
  enable_web_search: formBoolean(false),
  enable_municipal_code_search: formBoolean(true),
  template: z.string().max(20_000).optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/**
 * A code section's standing: law in force, repealed (or expired, omitted, moved), or a number the
 * city's book keeps "Reserved" for later use: neither of the last two is law in force.
 */
export const SECTION_STATUSES = ['in_force', 'repealed', 'reserved'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

export const citationSchema = z.object({
  /** "§ 2-532" for a code section; the file name for an uploaded document; the site for a web page. */
  number: z.string(),
  title: z.string(),
  /** Verbatim text of the source. */
  quote: z.string(),
  source_url: z.string().nullable(),
  status: z.enum([...SECTION_STATUSES, 'document', 'web']),
  verified: z.boolean(),
  kind: z.enum(['code_section', 'legislation', 'document', 'web']),
  /** The code section's id (open it with GET /municipal_code/data?id=...), or the document's name. */
  source_id: z.string(),
  /** The paragraph the quote stands in, "(c)(1)" (cite as number + pinpoint: "§ 2-532(c)(1)"); null when the text has no labels. */
  pinpoint: z.string().nullable().optional(),
  /**
   * `verified` says only that the quote is in the source word for word. `supports` says whether the
   * answer's verdict rests on it: true for the provision that states it for this question (the
   * support check), false for one shown as related or beside it. Absent on answers stored before it.
   */
  supports: z.boolean().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const retrievedCodeSchema = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  path: z.string(),
  title_name: z.string(),
  status: z.enum(SECTION_STATUSES),
  source_url: z.string().nullable(),
  score: z.number(),
  rank: z.number().int(),
});
export type RetrievedCode = z.infer<typeof retrievedCodeSchema>;

export const usedDocumentSchema = z.object({
  kind: z.enum(['attachment', 'web']),
  name: z.string(),
  has_text: z.boolean(),
  characters: z.number().int(),
  url: z.string().nullable(),
});

export const generateResponseSchema = z.object({
  id: z.string(),
  /**
   * `answer`: the sentence that answers (the period, the amount, the body, yes or no, with its
   * citation), shown apart from the quotes; `summary` is the whole answer, opening with it.
   */
  analysis: z.object({
    summary: z.string(),
    answer: z.string().optional(),
    citations: z.array(citationSchema),
    /** How the answer stands, and the product's own sentences it opens with, for the reader's language (issue 30). */
    outcome: answerOutcomeSchema.optional(),
    messages: z.array(productSentenceSchema).optional(),
  }),
  metadata: z.object({
    queries: z.array(z.string()),
    user_intent: z.string(),
    total_codes_found: z.number().int(),
    total_documents_found: z.number().int(),
    question: z.string(),
    drafting_performed: z.boolean(),
    drafted_documents: z.array(z.unknown()),
    drafting_summary: z.string(),
    search_performed: z.boolean(),
    city_code: z.string(),
    location_name: z.string(),
    is_editing: z.boolean(),
    edited_draft_type: z.string().nullable(),
    /** Which engine wrote the answer, and why the offline engine stood in for a model when it did. */
    engine: engineNameSchema,
    engine_label: z.string(),
    model: z.string().nullable(),
    fallback_reason: z.string().nullable(),
    /** Citations the server checked and dropped (no such section, repealed, or quote not in it). */
    dropped_citations: z.number().int(),
    answer_found: z.boolean(),
    thread_id: z.string(),
    web_search: z.enum(['off', 'used', 'not_configured']),
    duration_ms: z.number().int(),
  }),
  codes: z.array(retrievedCodeSchema),
  documents: z.array(usedDocumentSchema),
  drafting_results: draftingResultsSchema,
  errors: z.array(z.string()),
  success: z.boolean(),
  timestamp: z.string(),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

/** GET /municipal_code/data: `id` longer than 11 characters is a document id, else a section number with city_code. */
export const codeLookupQuerySchema = z
  .object({
    id: z.string().trim().min(1).max(100).optional(),
    code: z.string().trim().min(1).max(100).optional(),
    city_code: z.string().trim().min(1).max(16).optional(),
  })
  .refine((q) => Boolean(q.id || q.code), { message: 'Give the section: id or code', path: ['id'] });

export const amendingMeasureSchema = z.object({
  id: z.string(),
  file_number: z.string().nullable(),
  law_number: z.string().nullable(),
  title: z.string(),
  effective: z.string().nullable(),
  history_url: z.string().nullable(),
});

export const codeSectionSchema = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  title_number: z.string(),
  title_name: z.string(),
  chapter: z.string().nullable(),
  chapter_title: z.string().nullable(),
  subchapter: z.string().nullable(),
  subchapter_title: z.string().nullable(),
  path: z.string(),
  hierarchy: z.array(z.object({ level: z.enum(['title', 'chapter', 'subchapter', 'section']), label: z.string() })),
  status: z.enum(SECTION_STATUSES),
  text: z.string(),
  source_url: z.string().nullable(),
  amended_by: z.array(amendingMeasureSchema),
  /** The city's own history note of the section, as its book prints it ("(Ord. 56-421; Ord. 66-743)"); null when it has none. */
  history: z.string().nullable(),
  previous: z.object({ id: z.string(), number: z.string(), title: z.string() }).nullable(),
  next: z.object({ id: z.string(), number: z.string(), title: z.string() }).nullable(),
  location: z.object({ code: z.string(), name: z.string() }),
  /** Other sections of the city with the same number in another of its codes (San Francisco's "Sec. 37"), to choose from; empty when the number is the city's only one. */
  same_number: z.array(z.object({ id: z.string(), number: z.string(), title: z.string(), code: z.string() })),
  /**
   * True when the section was asked for by a number alone (no code, no Article, not its id) and more
   * than one of the city's codes has that number: the answer is only the first in the code's order,
   * and the reader is to choose among it and `same_number`.
   */
  ambiguous: z.boolean(),
});
export type CodeSection = z.infer<typeof codeSectionSchema>;

export const draftEmailRequestSchema = z.strictObject({
  query_text: z.string().trim().max(QUESTION_MAX).optional().default(''),
  city_code: z.string().trim().min(1).max(16).optional(),
  thread_id: z.string().trim().min(1).max(64),
  /** Who the email is for: a resident (plain words) or a colleague. */
  audience: z.enum(['resident', 'colleague']).optional().default('resident'),
});

export const draftEmailResponseSchema = z.object({
  success: z.boolean(),
  subject: z.string(),
  body: z.string(),
  citations: z.array(citationSchema),
  engine: engineNameSchema,
  engine_label: z.string(),
});
export type DraftEmailResponse = z.infer<typeof draftEmailResponseSchema>;

/** What the assistant's UI needs to know before asking (web search availability, engine). */
export const assistantSettingsSchema = z.object({
  engine: engineNameSchema,
  engine_label: z.string(),
  web_search_available: z.boolean(),
  web_search_unavailable_reason: z.string().nullable(),
  municipal_code_available: z.boolean(),
  /** False while this server's index of the caller's city's code is being built (answers use the interim search). */
  code_index_ready: z.boolean(),
  location: z.object({ code: z.string(), name: z.string() }),
  attachments: z.object({ max_files: z.number().int(), max_bytes: z.number().int(), types: z.array(z.string()) }),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

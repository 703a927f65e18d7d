import { oneLine } from './text';
import { z } from 'zod';
import { engineNameSchema, productSentenceSchema } from './engine';
import { JOB_STATES } from './compliance';

/**
 * The Summarizer (spec §2 /summary; §7 "Minutes"; issue 12): minutes or a transcript turned into the
 * meeting, its motions and votes, decisions and actions, each element linked to the exact words it
 * came from (`span`: offsets in the summary's `text`, UTF-16 code units; `quote` = text.slice(start, end)).
 */
export const MINUTES_TEXT_MAX = 900_000;
export const VOTE_VALUES = ['aye', 'nay', 'abstain', 'absent', 'recused'] as const;
export const MOTION_OUTCOMES = ['carried', 'failed', 'withdrawn', 'tabled', 'continued', 'unknown'] as const;
export const VOTE_KINDS = ['roll_call', 'voice', 'unanimous', 'show_of_hands', 'unknown'] as const;

export const minutesTextRequestSchema = z.strictObject({
  text: z
    .string()
    .max(MINUTES_TEXT_MAX, `Paste at most ${MINUTES_TEXT_MAX.toLocaleString('en-US')} characters`)
    .refine((v) => /[\p{L}\p{N}]/u.test(v), 'Paste the minutes'),
  title: oneLine(0, 200).optional(),
  location_code: z.string().trim().min(1).max(16).optional(),
});
export const minutesFileFieldsSchema = z.strictObject({
  title: oneLine(0, 200).optional(),
  location_code: z.string().trim().min(1).max(16).optional(),
});
export const minutesIdParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(64) });
export const minutesFollowupRequestSchema = z.strictObject({ question: z.string().trim().min(1, 'Ask a question').max(2000) });
export const minutesHistoryQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const spanSchema = z.object({ start: z.number().int(), end: z.number().int(), quote: z.string() });
export type Span = z.infer<typeof spanSchema>;

/** What a motion's file number or title matched among the city's agenda items and legislation. */
export const minutesLinkSchema = z.object({
  kind: z.enum(['agenda_item', 'legislation']),
  id: z.string(),
  /** The agenda an agenda item belongs to (the page is /agenda/{agenda_id}#item-{id}); legislation opens at /ordinance/{id}. */
  agenda_id: z.string().nullable(),
  title: z.string(),
  file_number: z.string().nullable(),
});
export type MinutesLink = z.infer<typeof minutesLinkSchema>;

export const motionSchema = z.object({
  text: z.string(),
  mover: z.string().nullable(),
  seconder: z.string().nullable(),
  /** The file number or agenda item it concerns ("B26-0123"), when named. */
  item: z.string().nullable(),
  /** The city's agenda item or legislation the motion concerns, when its number or title matches one. */
  link: minutesLinkSchema.nullable(),
  /** The index (in `motions`) of the motion this one amends, or null for a main motion. */
  amends: z.number().int().nullable(),
  outcome: z.enum(MOTION_OUTCOMES),
  vote_kind: z.enum(VOTE_KINDS),
  tally: z.object({ aye: z.number().int(), nay: z.number().int(), abstain: z.number().int(), absent: z.number().int(), recused: z.number().int() }).nullable(),
  votes: z.array(z.object({ member: z.string(), vote: z.enum(VOTE_VALUES) })),
  span: spanSchema,
});
export type Motion = z.infer<typeof motionSchema>;

export const minutesResultSchema = z.object({
  meeting: z.object({
    body: z.string().nullable(),
    meeting_type: z.string().nullable(),
    date: z.string().nullable(),
    time: z.string().nullable(),
    place: z.string().nullable(),
    presiding: z.string().nullable(),
    present: z.array(z.string()),
    absent: z.array(z.string()),
    quorum: z.boolean().nullable(),
  }),
  motions: z.array(motionSchema),
  actions: z.array(z.object({ text: z.string(), owner: z.string().nullable(), due: z.string().nullable(), span: spanSchema })),
  /** Public comment: who spoke (when named) and on what; never a home address or a phone number. */
  public_comment: z.array(z.object({ speaker: z.string().nullable(), topic: z.string(), span: spanSchema })),
  continued: z.array(z.object({ text: z.string(), span: spanSchema })),
  next_meeting: z.object({ text: z.string(), span: spanSchema }).nullable(),
  /** The gist: the sentences that say most of the meeting, in order (extractive offline). */
  narrative: z.array(z.object({ sentence: z.string(), span: spanSchema })),
  /** Elements dropped because their claimed span did not hold their words. */
  dropped_spans: z.number().int(),
  /** Why the built-in reading stands alone when a configured model could not read the minutes; otherwise null. */
  notice: z.string().nullable(),
});
export type MinutesResult = z.infer<typeof minutesResultSchema>;

export const minutesFollowupSchema = z.object({
  question: z.string(),
  answer: z.string(),
  citations: z.array(spanSchema),
  /** The product's own sentences the answer opens with (issue 30), for the web app to word in the reader's language. */
  messages: z.array(productSentenceSchema).optional(),
  engine: engineNameSchema,
  model: z.string().nullable(),
  created_at: z.string(),
});

export const minutesRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(['file', 'text']),
  filename: z.string().nullable(),
  job_state: z.enum(JOB_STATES),
  progress: z.number().int(),
  error: z.string().nullable(),
  has_text: z.boolean(),
  /** The file was a scan, read by OCR (decision 039): its pages read, the engine's mean confidence (0-100), and the pages it was unsure of. Null otherwise. */
  ocr: z.object({ pages: z.number().int(), page_count: z.number().int(), mean_confidence: z.number(), low_confidence_pages: z.array(z.number().int()) }).nullable(),
  engine: engineNameSchema.nullable(),
  text: z.string(),
  result: minutesResultSchema.nullable(),
  followups: z.array(minutesFollowupSchema),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type MinutesRecord = z.infer<typeof minutesRecordSchema>;

export const minutesSubmitResponseSchema = z.object({ id: z.string(), job_state: z.enum(JOB_STATES), progress: z.number().int() });
export const minutesHistorySchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), job_state: z.enum(JOB_STATES), motions: z.number().int(), created_at: z.string() })),
  total: z.number().int(),
});

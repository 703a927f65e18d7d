import { oneLine } from './text';
import { calendarDaySchema } from './dates';
import { z } from 'zod';
import { engineNameSchema } from './engine';
import { DRAFT_KINDS, draftingResultSchema, type DraftKind } from './drafting-result';
import { citationSchema, formBoolean } from './municipal-code';
import type { Permission } from './roles';

/**
 * Drafting and the Draft Collection (spec §2 /draft/..., /drafting-history; §7 "Drafting",
 * "Drafted documents"; issue 10). A drafted document's body is a ProseMirror/TipTap document
 * (JSON, never HTML): the server writes it, the editor edits it, the exports read it.
 */

/** Which permission drafts which kind (decisions.md: the four drafting permissions). */
export const DRAFT_PERMISSION: Record<DraftKind, Permission> = {
  agenda_item: 'AGENDA_ASSISTANCE_DRAFTING',
  resolution: 'RESOLUTION_ASSISTANCE_DRAFTING',
  ordinance: 'ORDINANCE_ASSISTANCE_DRAFTING',
  staff_report: 'STAFF_REPORT_ASSISTANCE_DRAFTING',
};

export const DRAFT_KIND_LABELS: Record<DraftKind, string> = {
  agenda_item: 'Agenda item',
  resolution: 'Resolution',
  ordinance: 'Ordinance',
  staff_report: 'Staff report',
};

export const draftKindSchema = z.enum(DRAFT_KINDS);
export const DRAFT_QUERY_MAX = 4_000;
export const DRAFT_INPUT_MAX = 20_000;
export const DRAFT_TITLE_MAX = 300;
/** A drafted document's text may not pass this many characters (about 200 pages). */
export const DRAFT_TEXT_MAX = 500_000;

/** POST /{type}/draft: multipart fields (attachments are files), or JSON. */
export const draftRequestSchema = z.strictObject({
  query: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Say what to draft').max(DRAFT_QUERY_MAX)),
  draft_input: z.string().max(DRAFT_INPUT_MAX).optional().default(''),
  enable_web_search: formBoolean(false),
  enable_municipal_code_search: formBoolean(true),
  /** A template id from GET /prompt/{type} ("built-in" or "city"), or a template's own text. */
  template: z.string().max(DRAFT_INPUT_MAX).optional(),
  city_code: z.string().trim().min(1).max(16).optional(),
});
export type DraftRequest = z.infer<typeof draftRequestSchema>;

// ---- The document body (a subset of TipTap's StarterKit schema) ----

export const DRAFT_MARKS = ['bold', 'italic', 'underline', 'strike'] as const;
const markSchema = z.object({ type: z.enum(DRAFT_MARKS) });
const textNodeSchema = z.object({ type: z.literal('text'), text: z.string().min(1), marks: z.array(markSchema).max(4).optional() });
const inlineSchema = z.union([textNodeSchema, z.object({ type: z.literal('hardBreak') })]);
const inlineContent = z.array(inlineSchema).max(5_000).optional();

export interface DraftBlock {
  type: 'paragraph' | 'heading' | 'bulletList' | 'orderedList' | 'listItem' | 'blockquote' | 'horizontalRule';
  attrs?: Record<string, unknown>;
  content?: (DraftBlock | DraftInline)[];
}
export type DraftInline = z.infer<typeof inlineSchema>;

export const draftBlockSchema: z.ZodType<DraftBlock> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('paragraph'), attrs: z.record(z.string(), z.unknown()).optional(), content: inlineContent }),
    z.object({ type: z.literal('heading'), attrs: z.object({ level: z.number().int().min(1).max(3) }), content: inlineContent }),
    z.object({ type: z.enum(['bulletList', 'orderedList']), attrs: z.record(z.string(), z.unknown()).optional(), content: z.array(draftBlockSchema).max(2_000) }),
    z.object({ type: z.literal('listItem'), content: z.array(draftBlockSchema).max(200) }),
    z.object({ type: z.literal('blockquote'), content: z.array(draftBlockSchema).max(2_000) }),
    z.object({ type: z.literal('horizontalRule') }),
  ]),
) as z.ZodType<DraftBlock>;

export const draftContentSchema = z.object({ type: z.literal('doc'), content: z.array(draftBlockSchema).max(10_000) });
export type DraftContent = z.infer<typeof draftContentSchema>;

// ---- Stored drafts ----

/** An amendment of a code section the draft makes, with its comparative print. */
export const draftAmendmentSchema = z.object({
  section_id: z.string(),
  section_number: z.string(),
  section_title: z.string(),
  /** The amending instruction as the act states it. */
  instruction: z.string(),
  /** Words struck from the section, and words inserted in their place (empty when only adding). */
  strike: z.string(),
  insert: z.string(),
  /** The section's text as amended: the comparative print is built from current text + these. */
  current_text: z.string(),
});
export type DraftAmendment = z.infer<typeof draftAmendmentSchema>;

export const draftedDocumentSchema = z.object({
  id: z.string(),
  type: draftKindSchema,
  title: z.string(),
  content: draftContentSchema,
  /** Plain text of the body, as the exports and the AI edits read it. */
  text: z.string(),
  version: z.number().int(),
  location_code: z.string(),
  /** Facts the request did not give, still shown as [placeholders] in the text. */
  placeholders: z.array(z.string()),
  citations: z.array(citationSchema),
  amendments: z.array(draftAmendmentSchema),
  dropped_citations: z.number().int(),
  engine: engineNameSchema,
  engine_label: z.string(),
  request: z.object({ query: z.string(), draft_input: z.string() }),
  template: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftedDocument = z.infer<typeof draftedDocumentSchema>;

/** POST /{type}/draft: the §3 drafting result, with the stored draft itself. */
export const draftResponseSchema = draftingResultSchema.extend({
  document: draftedDocumentSchema.nullable(),
  engine: engineNameSchema,
  engine_label: z.string(),
  placeholders: z.array(z.string()),
  dropped_citations: z.number().int(),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

/** PUT /resolution, /ordinance, /staff_report, /drafted_document (and PUT /agenda_item with `content`). */
export const draftUpdateSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  title: oneLine(1, DRAFT_TITLE_MAX, { empty: 'Give the draft a title' }).optional(),
  content: draftContentSchema.optional(),
  /**
   * Instead of `content`: a plain text the server lays onto the current body, keeping the blocks
   * (headings, marks) of the lines that did not change (the editor's accepted AI edit).
   */
  text: z.string().min(1).max(DRAFT_TEXT_MAX).optional(),
  /** The version the editor started from: a save over a newer version answers 409 CONFLICT. */
  base_version: z.number().int().min(1).optional(),
  /** autosave: consecutive autosaves within a few minutes update one version (decision 023). */
  reason: z.enum(['save', 'autosave', 'ai_edit']).optional().default('save'),
});
export type DraftUpdate = z.infer<typeof draftUpdateSchema>;

export const draftHistoryQuerySchema = z.object({
  type: draftKindSchema.optional(),
  start_date: calendarDaySchema.optional(),
  end_date: calendarDaySchema.optional(),
  query: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DraftHistoryQuery = z.infer<typeof draftHistoryQuerySchema>;

export const draftSummarySchema = z.object({
  id: z.string(),
  type: draftKindSchema,
  title: z.string(),
  excerpt: z.string(),
  version: z.number().int(),
  placeholders_left: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftHistoryResponseSchema = z.object({
  documents: z.array(draftSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const draftVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  reason: z.enum(['draft', 'save', 'autosave', 'ai_edit', 'restore', 'revision']),
  created_at: z.string(),
  characters: z.number().int(),
});
export type DraftVersion = z.infer<typeof draftVersionSchema>;

export const draftVersionDetailSchema = draftVersionSchema.extend({ content: draftContentSchema, text: z.string() });

export const draftRestoreRequestSchema = z.strictObject({ version: z.number().int().min(1) });
export const draftIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const draftVersionParamsSchema = z.object({ id: z.string().trim().min(1).max(64), version: z.coerce.number().int().min(1) });
export const draftExportQuerySchema = z.object({ format: z.enum(['docx', 'pdf']).default('docx') });

// ---- Forms and templates (GET /prompt/{type}) ----

export const formPartSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  instruction: z.string(),
});
export type FormPart = z.infer<typeof formPartSchema>;

export const draftTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['built_in', 'city']),
  filename: z.string().nullable(),
  uploaded_at: z.string().nullable(),
});

export const promptResponseSchema = z.object({
  type: draftKindSchema,
  name: z.string(),
  /** The jurisdiction whose conventions the form follows ("District of Columbia" or "generic"). */
  conventions: z.string(),
  parts: z.array(formPartSchema),
  guidance: z.string(),
  /** The form as text, with [placeholders] where the request's facts go. */
  form: z.string(),
  templates: z.array(draftTemplateSchema),
});
export type PromptResponse = z.infer<typeof promptResponseSchema>;

// ---- AI edits (PUT /resolution/ai-edit, POST /chat/edit) ----

export const EDIT_REQUEST_MAX = 2_000;
export const chatEditRequestSchema = z.strictObject({
  original_text: z.string().min(1, 'There is no text to edit').max(DRAFT_TEXT_MAX),
  edit_request: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Say what to change').max(EDIT_REQUEST_MAX)),
});
export const aiEditRequestSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  edit_request: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Say what to change').max(EDIT_REQUEST_MAX)),
});

/** What an edit did: the engine that made it, and the edit rules the offline engine knows. */
export const editOutcomeSchema = z.object({
  applied: z.boolean(),
  /** What changed, in words ("replaced '15 days' with '10 days' (2 places)"). */
  summary: z.string(),
  engine: engineNameSchema,
  engine_label: z.string(),
  /** When not applied: what the built-in engine can do. */
  supported: z.array(z.string()),
});
export type EditOutcome = z.infer<typeof editOutcomeSchema>;

export const aiEditResponseSchema = z.object({
  document: draftedDocumentSchema,
  outcome: editOutcomeSchema,
  /** The text before the edit, for the editor's diff. */
  previous_text: z.string(),
});

/** The [placeholders] still in a draft's text, once each, in order ("[amount]", "[effective date]"). */
export function placeholdersIn(text: string): string[] {
  return [...new Set(text.match(/\[[a-z][a-z0-9 ,.'/&()-]{1,60}\]/gi) ?? [])];
}

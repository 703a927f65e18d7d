import { z } from 'zod';

/**
 * The drafting result of spec §3: what POST /{type}/draft answers, and what each of the four keys
 * of the assistant's `drafting_results` holds.
 */
export const DRAFT_KINDS = ['agenda_item', 'resolution', 'ordinance', 'staff_report'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** A source the drafter found: a code section or a past measure, with its retrieval score. */
export const highScoreResultSchema = z.object({
  id: z.string(),
  kind: z.enum(['code_section', 'legislation']),
  number: z.string(),
  title: z.string(),
  score: z.number(),
  source_url: z.string().nullable(),
});
export type HighScoreResult = z.infer<typeof highScoreResultSchema>;

export const draftingResultSchema = z.object({
  document_id: z.string().nullable(),
  message: z.string(),
  success: z.boolean(),
  high_score_results: z.array(highScoreResultSchema),
  rephrased_texts: z.array(z.string()),
  search_phrases: z.array(z.string()),
  original_rephrased_texts: z.array(z.string()),
  editing_instructions: z.string().nullable(),
  is_revision: z.boolean(),
});
export type DraftingResult = z.infer<typeof draftingResultSchema>;
/** The assistant's `drafting_results`: every kind present. An object of named keys, not a record, so its document defines each key it requires. */
export const draftingResultsSchema = z.object({
  agenda_item: draftingResultSchema,
  resolution: draftingResultSchema,
  ordinance: draftingResultSchema,
  staff_report: draftingResultSchema,
} satisfies Record<DraftKind, z.ZodType>);

/** drafting_results of an answer that drafted nothing: every kind present, none performed. */
export function noDrafting(message = ''): Record<DraftKind, DraftingResult> {
  const none = (): DraftingResult => ({
    document_id: null,
    message,
    success: false,
    high_score_results: [],
    rephrased_texts: [],
    search_phrases: [],
    original_rephrased_texts: [],
    editing_instructions: null,
    is_revision: false,
  });
  return { agenda_item: none(), resolution: none(), ordinance: none(), staff_report: none() };
}

import { z } from 'zod';
import { engineNameSchema, productSentenceSchema } from './engine';
import { facetValueSchema, searchFilterFields } from './search';

/** Ordinances (spec §7 "Ordinances"): the location's legislation (for D.C., its laws and acts). */

const code = z.string().trim().min(1).max(16);

/** GET /ordinance/statistics?state — `state` is a state code; city_code picks the city (ADMIN). */
export const ordinanceStatisticsQuerySchema = z.object({ state: code.optional(), city_code: code.optional() });
export const ordinanceStatisticsSchema = z.object({
  location_code: z.string(),
  total: z.number().int(),
  /** By the year the measure took effect (else was enacted, else introduced), newest first. */
  by_year: z.array(facetValueSchema),
  by_status: z.array(facetValueSchema),
  by_committee: z.array(facetValueSchema),
  by_kind: z.array(facetValueSchema),
});
export type OrdinanceStatistics = z.infer<typeof ordinanceStatisticsSchema>;

/** GET /ordinance/search/: the search engine restricted to ordinances. */
export const ordinanceSearchQuerySchema = z.object({
  ...searchFilterFields,
  total_limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ordinanceIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const ordinanceVoteSchema = z.object({
  date: z.string(),
  /** The reading or action ("First reading", "Amendment", a Legistar action as written), or "Vote" when the record names none. */
  reading: z.string(),
  /** The record's own word for a vote that names no reading (the demo city's history keeps "Bonds" of a member's amendment); null otherwise. */
  recorded_as: z.string().nullable(),
});

export const ordinanceDetailSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  kind: z.string(),
  document_type: z.string(),
  file_number: z.string().nullable(),
  law_number: z.string().nullable(),
  act_number: z.string().nullable(),
  bill_number: z.string().nullable(),
  council_period: z.number().int().nullable(),
  title: z.string(),
  long_title: z.string(),
  /** The official record's summary of the measure ("" when it has none). */
  summary: z.string(),
  /** A clerk's note the record keeps in its summary field (a funding note, a referral, "See 'Other Documents' tab"), apart from the summary; null when none. */
  record_note: z.string().nullable(),
  committee: z.string().nullable(),
  status: z.string(),
  introduced: z.string().nullable(),
  enacted: z.string().nullable(),
  effective: z.string().nullable(),
  votes: z.array(ordinanceVoteSchema),
  history_url: z.string().nullable(),
  text: z.string(),
  /** The agenda items (votes at meetings) on this measure, oldest first. */
  agenda_items: z.array(
    z.object({
      id: z.string(),
      agenda_id: z.string().nullable(),
      date: z.string().nullable(),
      section_name: z.string().nullable(),
      title: z.string(),
      status: z.string().nullable(),
    }),
  ),
  location_code: z.string(),
});
export type OrdinanceDetail = z.infer<typeof ordinanceDetailSchema>;

/** A sentence of the ordinance the answer rests on, with its place in `text` (character offsets). */
export const ordinanceCitationSchema = z.object({ quote: z.string(), start: z.number().int(), end: z.number().int() });

/** GET /ordinance/{id}/summary and POST /ordinance/{id}/followup */
export const ordinanceAnswerSchema = z.object({
  ordinance_id: z.string(),
  title: z.string(),
  question: z.string().nullable(),
  answer: z.string(),
  citations: z.array(ordinanceCitationSchema),
  /** Which engine produced the answer: the built-in offline (extractive) engine or the configured model. */
  engine: engineNameSchema,
  model: z.string().nullable(),
  /** The product's own sentences the answer opens with, as codes for the reader's language (engine.ts). */
  messages: z.array(productSentenceSchema).optional(),
});
export type OrdinanceAnswer = z.infer<typeof ordinanceAnswerSchema>;

export const ordinanceFollowupRequestSchema = z.strictObject({
  question: z.string().trim().min(1, 'Ask a question').max(2000),
});

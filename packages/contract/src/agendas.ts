import { oneLine } from './text';
import { z } from 'zod';
import { AGENDA_ITEM_PAGE_LIMIT, DOCUMENT_TYPES } from './constants';
import { facetValueSchema, isoDaySchema, searchFilterFields } from './search';

/** Agendas (meetings) and agenda items: spec §3 "Agenda item filter", "Agenda list filter", §7, §9. */

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);
const id = z.string().trim().min(1).max(100);
const code = z.string().trim().min(1).max(16);
const documentType = z.enum(DOCUMENT_TYPES);

// ---- agenda items --------------------------------------------------------------------------

/** GET /agenda_item: the spec's filter; `description` matches words of title or description. */
export const agendaItemFilterSchema = z.object({
  agenda_id: id.optional(),
  section_name: text(200).optional(),
  start_date: isoDaySchema.optional(),
  end_date: isoDaySchema.optional(),
  city_code: code.optional(),
  final_category: text(200).optional(),
  status: text(100).optional(),
  sponsor_id: text(100).optional(),
  description: text(500).optional(),
  document_type: documentType.optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(AGENDA_ITEM_PAGE_LIMIT),
});
export type AgendaItemFilter = z.infer<typeof agendaItemFilterSchema>;

export const agendaItemSchema = z.object({
  id: z.string(),
  agenda_id: z.string().nullable(),
  date: z.string().nullable(),
  section_name: z.string().nullable(),
  /** Order within its meeting (1-based). */
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  document_type: documentType,
  file_number: z.string().nullable(),
  committee: z.string().nullable(),
  legislation_id: z.string().nullable(),
  status: z.string().nullable(),
  final_category: z.string().nullable(),
  sponsor_id: z.string().nullable(),
  location_code: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

export const agendaItemPageSchema = z.object({
  items: z.array(agendaItemSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type AgendaItemPage = z.infer<typeof agendaItemPageSchema>;

const agendaItemFields = {
  agenda_id: id.nullish(),
  date: isoDaySchema.nullish(),
  section_name: text(200).nullish(),
  title: oneLine(1, 1000),
  description: text(20_000).optional(),
  document_type: documentType.optional(),
  file_number: text(50).nullish(),
  committee: text(300).nullish(),
  legislation_id: id.nullish(),
  status: text(100).nullish(),
  final_category: text(200).nullish(),
  sponsor_id: text(100).nullish(),
};

/** POST /agenda_item (strict: no location or author fields; ADMIN names another city with city_code). */
export const createAgendaItemRequestSchema = z.strictObject({ ...agendaItemFields, city_code: code.optional() });
export type CreateAgendaItemRequest = z.infer<typeof createAgendaItemRequestSchema>;

/** PUT /agenda_item: the id in the body, only the fields to change. */
export const updateAgendaItemRequestSchema = z.strictObject(agendaItemFields).partial().extend({ id });
export type UpdateAgendaItemRequest = z.infer<typeof updateAgendaItemRequestSchema>;

/** GET /agenda_item/research: the search engine over agenda items, with the agenda item filters. */
export const agendaItemResearchQuerySchema = z.object({
  ...searchFilterFields,
  total_limit: z.coerce.number().int().min(1).max(100).default(20),
  document_type: documentType.optional(),
});

// ---- agendas (meetings) --------------------------------------------------------------------

/** GET /agenda: spec's list filter, plus paging. */
export const agendaListQuerySchema = z.object({
  start_date: isoDaySchema.optional(),
  end_date: isoDaySchema.optional(),
  meeting_type: text(100).optional(),
  city_code: code.optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type AgendaListQuery = z.infer<typeof agendaListQuerySchema>;

export const agendaSummarySchema = z.object({
  id: z.string(),
  date: z.string(),
  meeting_type: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  status: z.string(),
  sections: z.array(z.string()),
  item_count: z.number().int(),
  /** True when the layout was rebuilt from other records (the demo city's vote history), not published. */
  reconstructed: z.boolean(),
  derived_from: z.string().nullable(),
  location_code: z.string(),
});
export type AgendaSummary = z.infer<typeof agendaSummarySchema>;

export const agendaListSchema = z.object({
  agendas: z.array(agendaSummarySchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});

/** GET /agenda/{id}: the meeting, its sections in order with their items in order. */
export const agendaDetailSchema = agendaSummarySchema.extend({
  /** Shown on screen when `reconstructed`: how the layout was made. */
  note: z.string().nullable(),
  sections_with_items: z.array(z.object({ name: z.string(), items: z.array(agendaItemSchema) })),
  /** Every item in agenda order (sections first, then items outside any section). */
  items: z.array(agendaItemSchema),
});
export type AgendaDetail = z.infer<typeof agendaDetailSchema>;

export const agendaIdParamsSchema = z.object({ id });

const sectionNames = z
  .array(required(200).transform((v) => v.toUpperCase()))
  .max(100)
  .refine((list) => new Set(list).size === list.length, 'Section names must be unique');

/** POST /agenda */
export const createAgendaRequestSchema = z.strictObject({
  date: isoDaySchema,
  meeting_type: required(100).transform((v) => v.toUpperCase()),
  title: oneLine(1, 500),
  body: text(5000).nullish(),
  sections: sectionNames.optional(),
  city_code: code.optional(),
});
export type CreateAgendaRequest = z.infer<typeof createAgendaRequestSchema>;

/** PUT /agenda/{id}/sections: the ordered section names. */
export const agendaSectionsRequestSchema = z.strictObject({ sections: sectionNames });

/** GET /agenda/stats: counts for the HOME charts. */
export const agendaStatsQuerySchema = z.object({ city_code: code.optional() });
export const agendaStatsSchema = z.object({
  location_code: z.string(),
  totals: z.object({ agendas: z.number().int(), agenda_items: z.number().int(), ordinances: z.number().int() }),
  /** Meetings per year, newest first. */
  agendas_by_year: z.array(facetValueSchema),
  agenda_items_by_year: z.array(facetValueSchema),
  by_meeting_type: z.array(facetValueSchema),
  by_committee: z.array(facetValueSchema),
  by_status: z.array(facetValueSchema),
  by_section: z.array(facetValueSchema),
  by_document_type: z.array(facetValueSchema),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
});
export type AgendaStats = z.infer<typeof agendaStatsSchema>;

import { z } from 'zod';
import { JOB_STATES } from './compliance';
import { codeSiteUrlSchema } from './reference';

/**
 * Cities and their imports (issue 21): an ADMIN creates a city and brings in its code book from the
 * files the city publishes; each import is a job on the one queue with progress, counts, problems
 * and a preview of what was stored.
 */
export const LOCATION_CODE_PATTERN = /^[A-Z][A-Z0-9-]{1,15}$/;

export const createLocationRequestSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(LOCATION_CODE_PATTERN, 'Use 2 to 16 letters, digits or dashes, starting with a letter (e.g. SF)')),
  name: z.string().trim().min(2, 'Give the city’s name').max(120),
  state_code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'Use the two-letter state code (e.g. CA)')),
  code_site_url: codeSiteUrlSchema.optional(),
});
export type CreateLocationRequest = z.infer<typeof createLocationRequestSchema>;

export const locationCodeParamsSchema = z.strictObject({ code: z.string().trim().min(1).max(16) });
export const locationImportParamsSchema = z.strictObject({ code: z.string().trim().min(1).max(16), id: z.string().trim().min(1).max(64) });

export const IMPORT_SOURCES = ['code', 'agendas', 'legislation', 'legistar'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** Sources read from uploaded files today; the others are accepted by the contract as they come. */
export const FILE_IMPORT_SOURCES = ['code'] as const;
export const importFileFieldsSchema = z.strictObject({ source: z.enum(FILE_IMPORT_SOURCES, { message: 'Choose what the files are: code' }) });
export const CODE_BOOK_FILE_MAX_BYTES = 50 * 1024 * 1024;

export const importProblemSchema = z.object({ file: z.string(), where: z.string(), message: z.string() });
export const importPreviewSchema = z.object({ number: z.string(), title: z.string(), path: z.string(), status: z.enum(['in_force', 'repealed']), text: z.string() });
export const locationImportSchema = z.object({
  id: z.string(),
  location_code: z.string(),
  source: z.enum(IMPORT_SOURCES),
  job_state: z.enum(JOB_STATES),
  progress: z.number().int(),
  /** What was found and stored: sections, titles, chapters, repealed, and against the stored code before it: added, changed, unchanged, removed. */
  counts: z.record(z.string(), z.number().int()),
  /** What could not be read, each with where it was. */
  problems: z.array(importProblemSchema),
  /** The first sections as stored. */
  preview: z.array(importPreviewSchema),
  files: z.array(z.object({ name: z.string(), size_bytes: z.number().int() })),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type LocationImport = z.infer<typeof locationImportSchema>;
export const locationImportSubmitResponseSchema = z.object({ id: z.string(), job_state: z.enum(JOB_STATES), progress: z.number().int() });
export const locationImportListSchema = z.object({ imports: z.array(locationImportSchema) });

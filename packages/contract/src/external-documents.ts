import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  EXTERNAL_DOCUMENT_PAGE_SIZE,
  EXTERNAL_DOCUMENT_SORT_BY,
  EXTERNAL_DOCUMENT_SORT_ORDER,
} from './constants';
import { queryFlagSchema } from './search';

/** Uploaded (external) documents and their files: spec §7 "External documents", "Files", §9. */

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** At most this much of a file's text is kept (about 400 dense pages); the file itself is kept whole. */
export const UPLOAD_TEXT_MAX_CHARS = 1_000_000;
export const UPLOAD_CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  /** A city's code book as one archive of its files (imports only). */
  zip: 'application/zip',
} as const;

const code = z.string().trim().min(1).max(16);
/** Types a user may give an upload; none given -> shown and searched as DOCUMENT. */
export const externalDocumentTypeSchema = z.enum([...DOCUMENT_TYPES, 'STAFF_REPORT', 'MINUTES', 'DOCUMENT']);

export const EXTERNAL_DOCUMENT_SORT_FIELDS = ['updated_at', 'created_at', 'title', 'filename', 'size_bytes'] as const;

/**
 * GET /external_document. §9: page size 10, sort updated_at, order -1. The client sends `page`
 * (1-based) below 1000 and `skip` (an item offset) otherwise; when both come, skip wins.
 */
export const externalDocumentListQuerySchema = z.object({
  city_code: code.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(EXTERNAL_DOCUMENT_PAGE_SIZE),
  sort_by: z.enum(EXTERNAL_DOCUMENT_SORT_FIELDS).default(EXTERNAL_DOCUMENT_SORT_BY),
  sort_order: z
    .enum(['-1', '1', 'asc', 'desc'])
    .transform((v) => (v === '1' || v === 'asc' ? 1 : -1))
    .default(EXTERNAL_DOCUMENT_SORT_ORDER),
  /** Accepted for the client's sake: lists are always read fresh. */
  skip_caching: queryFlagSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  skip: z.coerce.number().int().min(0).max(100_000_000).optional(),
  document_type: externalDocumentTypeSchema.optional(),
});
export type ExternalDocumentListQuery = z.infer<typeof externalDocumentListQuerySchema>;

export const externalDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The name the file was uploaded with. */
  filename: z.string(),
  /** As given at upload, or null (then `display_type` is DOCUMENT). */
  document_type: z.string().nullable(),
  display_type: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  /** False for a scanned PDF without a text layer: stored, listed, not searchable by its words. */
  has_text: z.boolean(),
  /** "no text" for such files, "text truncated" when only the first part of a very long text is searchable, else null. */
  flag: z.enum(['no text', 'text truncated']).nullable(),
  page_count: z.number().int().nullable(),
  status: z.string(),
  /** GET /api/file?filename=<file_name> serves the original. */
  file_name: z.string(),
  file_url: z.string(),
  uploaded_by: z.string().nullable(),
  location_code: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExternalDocument = z.infer<typeof externalDocumentSchema>;

export const externalDocumentPageSchema = z.object({
  documents: z.array(externalDocumentSchema),
  total: z.number().int(),
  page: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
  sort_by: z.enum(EXTERNAL_DOCUMENT_SORT_FIELDS),
  sort_order: z.number().int(),
});

/** POST /external_document?city_code — multipart: one or more `files`, optional fields document_type, title. */
export const externalDocumentUploadQuerySchema = z.object({ city_code: code.optional(), document_type: externalDocumentTypeSchema.optional() });
export const externalDocumentUploadResponseSchema = z.object({ documents: z.array(externalDocumentSchema) });

export const externalDocumentIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export const deleteExternalDocumentResponseSchema = z.object({ success: z.literal(true), id: z.string() });

/** GET /file?filename — the stored name given as `file_name` of a document (city_code: ADMIN reading another city's file). */
export const fileQuerySchema = z.object({ filename: z.string().trim().min(1).max(200), city_code: code.optional() });

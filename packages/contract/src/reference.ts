import { instantSchema } from './dates';
import { z } from 'zod';
import { engineNameSchema } from './engine';
import { FEEDBACK_DESCRIPTION_MAX } from './constants';

/** A link the app may put in an href: an absolute http(s) URL, nothing else (no javascript:, data:, relative paths). */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A location's code site as written: checked with isHttpUrl, at most 2,000 characters. */
export const codeSiteUrlSchema = z.string().trim().max(2000).refine(isHttpUrl, 'Give an http:// or https:// address');

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  state_code: z.string(),
  /** The location's external code site, opened by Ordinance Search. */
  code_site_url: z.string().nullable(),
  municipal_code_enabled: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;

export const organizationSchema = z.object({ id: z.string(), name: z.string(), location_code: z.string().nullable() });
export type Organization = z.infer<typeof organizationSchema>;

export const reportIssueRequestSchema = z.strictObject({
  description: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Describe the issue').max(FEEDBACK_DESCRIPTION_MAX)),
  page_url: z.string().trim().min(1).max(2048),
});

export const analyticsEventSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  path: z.string().max(2048).optional(),
  properties: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
  timestamp: instantSchema.optional(),
});
export const analyticsBatchSchema = z.strictObject({
  session_id: z.string().min(1).max(64),
  events: z.array(analyticsEventSchema).min(1).max(100),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** Something this server process does less well than it should, while it still answers (GET /api/health). */
export const degradationSchema = z.object({
  /** What works less well: `code_index` (being built; the interim search answers), `query_model` (failing; questions rank on words alone), `simd`. */
  component: z.string(),
  message: z.string(),
  since: z.string(),
});
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  ai_engine: engineNameSchema,
  version: z.string(),
  /** Empty when everything works as it should (optional: servers before issue 29 did not send it). */
  degraded: z.array(degradationSchema).optional(),
});
export type Degradation = z.infer<typeof degradationSchema>;

import { z } from 'zod';
import { JOB_STATES } from './compliance';
import { isCalendarDay } from './dates';
import { oneLine, printableLine } from './text';
import { codeSiteUrlSchema, isHttpUrl } from './reference';
import { SECTION_STATUSES } from './municipal-code';

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
  name: oneLine(2, 120, { empty: 'Give the city’s name' }),
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
/**
 * Sources read from uploaded files: `code` (the code book's files), `agendas` (agenda or minutes
 * documents: PDF with a text layer, DOCX, text), `legislation` (a city's ordinances, resolutions and
 * proclamations as files: PDF, DOCX, text; one measure or several per file). `legistar` comes as JSON.
 */
export const FILE_IMPORT_SOURCES = ['code', 'agendas', 'legislation'] as const;
export const importFileFieldsSchema = z.strictObject({
  source: z.enum(FILE_IMPORT_SOURCES, { message: 'Choose what the files are: code, agendas or legislation' }),
  /**
   * "true": the files are the city's whole new code, confirmed as such: the sections they lack are
   * removed even when that is most of the code (without it, such an import is refused and nothing changes).
   */
  replace: z.enum(['true', 'false'], { message: 'Send "replace" as true or false' }).optional(),
});
export const CODE_BOOK_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Files of one import (San Francisco publishes its code in 15, Baltimore in 35). */
export const CODE_BOOK_FILES_MAX = 100;
/** The files of one import together (decision 033: what an import can be read and stored within, measured). */
export const CODE_BOOK_TOTAL_MAX_BYTES = 250 * 1024 * 1024;

/** A Legistar Web API client name as the API spells it in its paths (v1/{client}/events). */
export const LEGISTAR_CLIENT_PATTERN = /^[a-z0-9][a-z0-9._-]{0,59}$/;
/** The earliest day a Legistar import reads from: Legistar's own records start in the 1990s. */
export const LEGISTAR_EARLIEST_DAY = '1990-01-01';
const sinceDay = z
  .string()
  .trim()
  // One message per mistake: a day that is not one, or one outside 1990 to today.
  .superRefine((v, ctx) => {
    if (!isCalendarDay(v)) ctx.addIssue({ code: 'custom', message: 'Use a real date like 2019-01-01' });
    else if (v < LEGISTAR_EARLIEST_DAY || v > new Date().toISOString().slice(0, 10)) ctx.addIssue({ code: 'custom', message: `Use a date from ${LEGISTAR_EARLIEST_DAY} to today` });
  });
/** Where the API is: http(s) only, no user name or password in the address (a token goes in LEGISTAR_API_URL's query, set by the operator). */
const legistarBaseUrl = z
  .string()
  .trim()
  .max(300)
  .refine(isHttpUrl, 'Give an http:// or https:// address')
  .refine((v) => {
    try {
      const url = new URL(v);
      return !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Leave the user name and password out of the address');
/** JSON body of POST /location/{code}/imports for a city's Legistar Web API. */
export const legistarImportRequestSchema = z.strictObject({
  source: z.literal('legistar', { message: 'Send "source": "legistar" with the client name, or the files as a multipart form' }),
  client: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(LEGISTAR_CLIENT_PATTERN, 'Give the city’s Legistar client name, as in webapi.legistar.com/v1/{client} (e.g. oakland)')),
  /** Meetings from this day on, and measures introduced from it (default: a year ago). */
  since: sinceDay.optional(),
  base_url: legistarBaseUrl.optional(),
});
export type LegistarImportRequest = z.infer<typeof legistarImportRequestSchema>;

export const importProblemSchema = z.object({ file: z.string(), where: z.string(), message: z.string() });
export const importPreviewSchema = z.object({ number: z.string(), title: z.string(), path: z.string(), status: z.enum(SECTION_STATUSES), text: z.string() });
export const locationImportSchema = z.object({
  id: z.string(),
  location_code: z.string(),
  source: z.enum(IMPORT_SOURCES),
  job_state: z.enum(JOB_STATES),
  progress: z.number().int(),
  /** What was found and stored: sections, titles, chapters, repealed, reserved, and against the stored code before it: added, changed, unchanged, removed. */
  counts: z.record(z.string(), z.number().int()),
  /** What could not be read, each with where it was. */
  problems: z.array(importProblemSchema),
  /** The first sections as stored. */
  preview: z.array(importPreviewSchema),
  files: z.array(z.object({ name: z.string(), size_bytes: z.number().int() })),
  /** A code book confirmed as the city's whole new code: the sections it lacks are removed, however many. */
  replace: z.boolean(),
  /** A Legistar import's client, address and first day; whether it was the scheduled refresh. */
  parameters: z.object({ client: z.string(), base_url: z.string(), since: z.string(), scheduled: z.boolean() }).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type LocationImport = z.infer<typeof locationImportSchema>;
export const locationImportSubmitResponseSchema = z.object({ id: z.string(), job_state: z.enum(JOB_STATES), progress: z.number().int() });
export const locationImportListSchema = z.object({ imports: z.array(locationImportSchema) });

/**
 * A city's own law and forms, read by the tools instead of the District's (issue 21): its records
 * law (Compliance Check, records-request e-mails), its open-meetings notice, the model-code editions
 * it adopted (Code Compliance), its drafting form (Drafting), the members of its council (the
 * Summarizer's roll calls) and the region of its legal holidays (business days). GET answers every
 * setting, the built-in defaults filled in; PUT takes any of them; `null` puts a setting back to its default.
 */
/** Each setting's text is one printable line (decision 033): refused, with the field named, when it is not. */
const settingText = (max: number) => printableLine(1, max);
/** A whole number in a range; the message names the range and its unit ("between 1 and 365 days"). */
const count = (min: number, max: number, unit: string, message = `Use a whole number between ${min} and ${max} ${unit}`) =>
  z.number({ message }).int(message).min(min, message).max(max, message);
export const recordsLawSchema = z.strictObject({
  /** The statute, as cited: "Cal. Gov. Code § 7922.535". */
  section: settingText(100),
  name: settingText(200),
  days: count(1, 365, 'days'),
  business_days: z.boolean(),
  extension_days: count(0, 365, 'days'),
  exemptions_section: settingText(100).nullable(),
});
export const openMeetingsSchema = z.strictObject({
  section: settingText(100).nullable(),
  notice_hours: count(1, 24 * 30, 'hours'),
  notice_business_days: count(0, 30, 'business days'),
});
export const draftingFormSchema = z.strictObject({
  /** "the City Council of the City of Oakland" */
  council: settingText(200),
  /** "BE IT ORDAINED BY THE CITY COUNCIL OF THE CITY OF OAKLAND AS FOLLOWS:" */
  ordinance_enacting_clause: settingText(300),
  /** "NOW, THEREFORE, BE IT RESOLVED by the City Council of the City of Oakland:" */
  resolution_clause: settingText(300),
  /** "the Oakland Municipal Code" */
  code_name: settingText(200),
  /**
   * How the city's drafts name a section of its code, from {number} and {code} (the city's code, or the code a
   * number names: "the Park Code"): "§ {number} of {code}", "Sec. {number}, {code}"; unset: "Section {number} of {code}".
   */
  section_reference: settingText(120)
    .refine((v) => v.includes('{number}'), 'Put {number} where the section’s number goes, e.g. “§ {number} of {code}”')
    .refine((v) => !/\{(?!number\}|code\})[^}]*\}/.test(v), 'Use only {number} and {code} in braces')
    .nullable()
    .optional(),
});
/** How a draft names a section when the city sets no form of its own. */
export const DEFAULT_SECTION_REFERENCE = 'Section {number} of {code}';
export const MODEL_CODE_PATTERN = /^[A-Z][A-Z0-9-]{1,11}$/;
export const MODEL_CODES_MAX = 40;
export const adoptedCodesSchema = z
  .record(z.string().trim().toUpperCase().regex(MODEL_CODE_PATTERN, 'Name the model code by its abbreviation, e.g. IBC'), count(1900, 2100, '', 'Use the edition’s year, between 1900 and 2100'))
  .refine((v) => Object.keys(v).length <= MODEL_CODES_MAX, `Name at most ${MODEL_CODES_MAX} model codes`);
export const COUNCIL_MEMBERS_MAX = 100;
export const councilMembersSchema = z.array(printableLine(2, 120)).max(COUNCIL_MEMBERS_MAX, `Name at most ${COUNCIL_MEMBERS_MAX} members`);
/**
 * A state's legal holidays, by its two-letter code ("MD") or as the holidays library writes a region
 * ("US-MD"); stored as the two letters. Which states the calendar knows is checked by the server,
 * against the library's own list (which the web app need not load).
 */
export const holidaysRegionSchema = z
  .string()
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/^US-/, ''))
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Use the state’s two-letter code, e.g. MD (or US-MD)'));

/** A setting as answered: what the requests above stored, or the built-in default. */
export const locationSettingsSchema = z.object({
  /** null: no records law known; records-request e-mails then name no deadline and say so. */
  records_law: z.object({ section: z.string(), name: z.string(), days: z.number().int(), business_days: z.boolean(), extension_days: z.number().int(), exemptions_section: z.string().nullable() }).nullable(),
  open_meetings: z.object({ section: z.string().nullable(), notice_hours: z.number().int(), notice_business_days: z.number().int() }),
  /** Model code -> edition year ("IBC": 2018). */
  adopted_codes: z.record(z.string(), z.number().int()),
  /** "dc": the District's bill form; "city": the city form below. */
  drafting_form: z.enum(['dc', 'city']),
  drafting: z.object({ council: z.string(), ordinance_enacting_clause: z.string(), resolution_clause: z.string(), code_name: z.string(), section_reference: z.string().nullable() }),
  council_members: z.array(z.string()),
  /** Two-letter state (or "DC") whose legal holidays are the city's. */
  holidays_region: z.string(),
  /** Which settings are the city's own (the rest are built-in defaults). */
  customised: z.array(z.string()),
});
export type LocationSettings = z.infer<typeof locationSettingsSchema>;
export const updateLocationSettingsSchema = z.strictObject({
  records_law: recordsLawSchema.nullable().optional(),
  open_meetings: openMeetingsSchema.nullable().optional(),
  adopted_codes: adoptedCodesSchema.nullable().optional(),
  drafting: draftingFormSchema.nullable().optional(),
  council_members: councilMembersSchema.nullable().optional(),
  holidays_region: holidaysRegionSchema.nullable().optional(),
});
export type UpdateLocationSettings = z.infer<typeof updateLocationSettingsSchema>;

import { oneLine } from './text';
import { calendarDaySchema } from './dates';
import { z } from 'zod';
import { DEFAULT_COMPLIANCE_TYPE } from './constants';
import { engineNameSchema } from './engine';

/**
 * Compliance (spec §2 /compliance, /compliance/code; §3 compliance submission; §4; §7 "Compliance";
 * issue 11; decision 024). A report checks one document (a file or pasted text) against a rule set;
 * its findings each carry the exact span of the document they are about (offsets in the report's
 * `text`, UTF-16 code units as JavaScript counts them), what they rest on, and a status the user sets.
 */

/** The rule sets; `all` runs every one that applies to the document (accessibility needs a PDF). */
export const COMPLIANCE_TYPES = ['legal', 'privacy', 'accessibility', 'open_meetings', 'all'] as const;
export type ComplianceType = (typeof COMPLIANCE_TYPES)[number];
export const RULE_SETS = ['legal', 'privacy', 'accessibility', 'open_meetings'] as const;
export type RuleSet = (typeof RULE_SETS)[number];
export const COMPLIANCE_TYPE_LABELS: Record<ComplianceType, string> = {
  legal: 'Legal (code citations, quotes, deadlines, form)',
  privacy: 'Privacy (personal data)',
  accessibility: 'Accessibility (PDF/UA, WCAG 2.1)',
  open_meetings: 'Open meetings (notice or agenda)',
  all: 'All rule sets',
};

/** critical: must not be published as it is; high: a legal or access error; medium: should be fixed; low: worth a look. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const FINDING_STATUSES = ['open', 'accepted', 'dismissed', 'fixed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const REPORT_STATUSES = ['open', 'in_review', 'resolved', 'archived'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const JOB_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const PRIVACY_ENTITY_TYPES = ['PERSON', 'ADDRESS', 'PHONE', 'EMAIL', 'SSN', 'DATE_OF_BIRTH', 'DRIVER_LICENSE', 'BANK_ACCOUNT', 'CREDIT_CARD'] as const;
export type PrivacyEntityType = (typeof PRIVACY_ENTITY_TYPES)[number];
export const PRA_STATUSES = ['draft', 'sent', 'extended', 'awaiting_requester', 'closed'] as const;
export type PraStatus = (typeof PRA_STATUSES)[number];

/** Pasted text may be this long (about 150 pages). */
export const COMPLIANCE_TEXT_MAX = 400_000;
export const COMPLIANCE_TITLE_MAX = 200;
export const COMPLIANCE_FOLDER_MAX = 80;

const id = z.string().trim().min(1).max(64);
const locationCode = z.string().trim().min(1).max(16).optional();
const complianceType = z
  .union([z.enum(COMPLIANCE_TYPES), z.literal('')])
  .optional()
  .transform((v): ComplianceType => (v ? v : (DEFAULT_COMPLIANCE_TYPE as ComplianceType)));
const isoDay = calendarDaySchema;

/** POST /compliance (multipart): the fields beside the file. */
export const complianceFileFieldsSchema = z.strictObject({
  compliance_type: complianceType,
  location_code: locationCode,
});
export type ComplianceFileFields = z.infer<typeof complianceFileFieldsSchema>;

/** POST /compliance/text */
export const complianceTextRequestSchema = z.strictObject({
  text: z
    .string()
    .max(COMPLIANCE_TEXT_MAX, `Paste at most ${COMPLIANCE_TEXT_MAX.toLocaleString('en-US')} characters`)
    .refine((v) => /[\p{L}\p{N}]/u.test(v), 'Paste the text to check'),
  compliance_type: complianceType,
  location_code: locationCode,
  title: oneLine(0, COMPLIANCE_TITLE_MAX).optional(),
});
export type ComplianceTextRequest = z.infer<typeof complianceTextRequestSchema>;

export const complianceIdParamsSchema = z.strictObject({ id });

export const findingBasisSchema = z.object({
  /** code_section: a section of the location's code (verified against its text); rule: a named standard or statute. */
  kind: z.enum(['code_section', 'rule']),
  /** "§ 2-532", "WCAG 2.1 SC 1.1.1", "PDF/UA-1 7.3". */
  reference: z.string(),
  title: z.string(),
  /** The words of the section or rule it rests on. */
  quote: z.string().nullable(),
  source_url: z.string().nullable(),
  /** A code section's quote was found in its current text. */
  verified: z.boolean(),
  section_id: z.string().nullable(),
});
export type FindingBasis = z.infer<typeof findingBasisSchema>;

export const differencePartSchema = z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() });

export const complianceFindingSchema = z.object({
  id: z.string(),
  rule_set: z.enum(RULE_SETS),
  rule: z.string(),
  /** A short label of the rule, for people. */
  rule_label: z.string(),
  entity_type: z.enum(PRIVACY_ENTITY_TYPES).nullable(),
  severity: z.enum(SEVERITIES),
  status: z.enum(FINDING_STATUSES),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  quote: z.string(),
  basis: findingBasisSchema,
  explanation: z.string(),
  suggestion: z.string().nullable(),
  /** For a misquoted passage: the document's words against the section's (removed = not in the section). */
  difference: z.array(differencePartSchema).nullable(),
  /** Every further place of the same value or person ("Ms. Ortega", "Ortega, Maria"); accepting the finding redacts them all. */
  places: z.array(z.object({ start: z.number().int(), end: z.number().int(), quote: z.string() })),
  confidence: z.number().nullable(),
  origin: z.enum(['rule', 'model', 'user']),
});
export type ComplianceFinding = z.infer<typeof complianceFindingSchema>;

export const auditEntrySchema = z.object({
  action: z.string(),
  finding_id: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const complianceReportSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  compliance_type: z.enum(COMPLIANCE_TYPES),
  source: z.enum(['file', 'text']),
  filename: z.string().nullable(),
  location_code: z.string(),
  job_state: z.enum(JOB_STATES),
  progress: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  folder: z.string().nullable(),
  /** Findings by severity and by status (completed reports). */
  counts: z.object({
    total: z.number().int(),
    open: z.number().int(),
    accepted: z.number().int(),
    by_severity: z.record(z.string(), z.number().int()),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ComplianceReportSummary = z.infer<typeof complianceReportSummarySchema>;

export const complianceReportSchema = complianceReportSummarySchema.extend({
  stage: z.string().nullable(),
  error: z.string().nullable(),
  engine: engineNameSchema.nullable(),
  text: z.string(),
  has_text: z.boolean(),
  page_count: z.number().int().nullable(),
  file_kind: z.enum(['pdf', 'docx', 'txt']).nullable(),
  /** A redacted PDF can be downloaded (accepted privacy findings, or spans a user marked). */
  redactable: z.boolean(),
  document_facts: z.record(z.string(), z.unknown()).nullable(),
  findings: z.array(complianceFindingSchema),
  audit: z.array(auditEntrySchema),
  completed_at: z.string().nullable(),
});
export type ComplianceReport = z.infer<typeof complianceReportSchema>;

export const complianceSubmitResponseSchema = z.object({
  id: z.string(),
  job_state: z.enum(JOB_STATES),
  progress: z.number().int(),
  compliance_type: z.enum(COMPLIANCE_TYPES),
});

export const complianceHistoryQuerySchema = z.strictObject({
  compliance_type: z.enum(COMPLIANCE_TYPES).optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  folder: z.string().trim().max(COMPLIANCE_FOLDER_MAX).optional(),
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const complianceHistorySchema = z.object({
  reports: z.array(complianceReportSummarySchema),
  total: z.number().int(),
  /** The user's folders, with how many reports each holds. */
  folders: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type ComplianceHistory = z.infer<typeof complianceHistorySchema>;

/** PUT /compliance/update-status: a finding's status. */
export const findingStatusUpdateSchema = z.strictObject({ report_id: id, finding_id: id, status: z.enum(FINDING_STATUSES) });
/** PUT /compliance/update-severity */
export const findingSeverityUpdateSchema = z.strictObject({ report_id: id, finding_id: id, severity: z.enum(SEVERITIES) });
/** PUT /compliance/accept-all-issues */
export const acceptAllRequestSchema = z.strictObject({ report_id: id });
/** PUT /compliance/compliance-report/update-status */
export const reportStatusUpdateSchema = z.strictObject({ report_id: id, status: z.enum(REPORT_STATUSES) });
/** PUT /compliance/compliance-report/update-folder: null or "" takes the report out of its folder. */
export const reportFolderUpdateSchema = z.strictObject({
  report_id: id,
  folder: oneLine(0, COMPLIANCE_FOLDER_MAX)
    .nullable()
    .transform((v) => (v ? v : null)),
});
/** POST /compliance/{id}/redactions: a span the user marks for redaction (a privacy finding of origin "user"). */
export const markRedactionSchema = z.strictObject({
  start: z.number().int().min(0),
  end: z.number().int().min(1),
});
export const findingUpdateResponseSchema = z.object({ report: complianceReportSchema });

// ---- Records requests (PRA) ----

export const praPauseSchema = z.object({ asked: isoDay, answered: isoDay.nullable() });
export type PraPause = z.infer<typeof praPauseSchema>;

export const praExemptionSchema = z.object({
  /** "§ 2-534(a)(2)" */
  reference: z.string(),
  label: z.string(),
  /** What it withheld: "2 Social Security numbers, 1 home address". */
  applied_to: z.string(),
});

/** POST /compliance/draft-pra-email */
export const praDraftRequestSchema = z.strictObject({
  request_text: z.string().trim().min(1, 'Paste the request').max(20_000),
  received_date: isoDay,
  requester_name: z.string().trim().max(200).optional(),
  requester_email: z.string().trim().max(320).optional(),
  /** Compliance reports whose documents are released (with their redactions). */
  report_ids: z.array(id).max(50).default([]),
  location_code: locationCode,
});
export type PraDraftRequest = z.infer<typeof praDraftRequestSchema>;

export const praRequestSchema = z.object({
  id: z.string(),
  request_text: z.string(),
  requester_name: z.string().nullable(),
  requester_email: z.string().nullable(),
  received_date: z.string(),
  report_ids: z.array(z.string()),
  documents: z.array(z.object({ report_id: z.string(), title: z.string(), redactions: z.number().int() })),
  exemptions: z.array(praExemptionSchema),
  status: z.enum(PRA_STATUSES),
  /** Null while the clock is stopped: the requester was asked to clarify. */
  due_date: z.string().nullable(),
  extended: z.boolean(),
  pauses: z.array(praPauseSchema),
  /** The governing statute and its deadline rule, as the email cites them. */
  statute: z.object({ reference: z.string(), title: z.string(), days: z.number().int(), extension_days: z.number().int(), business_days: z.boolean(), quote: z.string().nullable(), verified: z.boolean() }),
  email_subject: z.string(),
  email_body: z.string(),
  engine: engineNameSchema,
  audit: z.array(auditEntrySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PraRequest = z.infer<typeof praRequestSchema>;

/** PUT /compliance/update-pra-email-response: the request's state, an edited email, a clarification pause. */
export const praUpdateSchema = z.strictObject({
  pra_id: id,
  status: z.enum(PRA_STATUSES).optional(),
  email_subject: z.string().trim().min(1).max(500).optional(),
  email_body: z.string().trim().min(1).max(50_000).optional(),
  /** With status awaiting_requester: the day the requester was asked (default today). */
  asked_date: isoDay.optional(),
  /** Leaving awaiting_requester: the day the requester answered (default today). */
  answered_date: isoDay.optional(),
});
export type PraUpdate = z.infer<typeof praUpdateSchema>;

// ---- Code Compliance ----

export const CODE_RULES = ['reference_unknown', 'reference_repealed', 'model_code_edition', 'duplicate_number', 'malformed_number', 'empty_text'] as const;
export type CodeRule = (typeof CODE_RULES)[number];

export const codeFindingSchema = z.object({
  id: z.string(),
  fingerprint: z.string(),
  rule: z.enum(CODE_RULES),
  rule_label: z.string(),
  severity: z.enum(SEVERITIES),
  section_id: z.string().nullable(),
  section_number: z.string(),
  section_title: z.string(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  quote: z.string(),
  target: z.string().nullable(),
  model_code: z.string().nullable(),
  explanation: z.string(),
  suggestion: z.string().nullable(),
});
export type CodeFinding = z.infer<typeof codeFindingSchema>;

export const codeRunSummarySchema = z.object({
  run_id: z.string(),
  location_code: z.string(),
  trigger: z.enum(['on_demand', 'import']),
  job_state: z.enum(JOB_STATES),
  progress: z.number().int(),
  error: z.string().nullable(),
  previous_run_id: z.string().nullable(),
  sections_checked: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  new_count: z.number().int(),
  resolved_count: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type CodeRunSummary = z.infer<typeof codeRunSummarySchema>;

export const codeReportQuerySchema = z.strictObject({
  run_id: id.optional(),
  rule: z.enum(CODE_RULES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const codeReportSchema = z.object({
  location_code: z.string(),
  location_name: z.string(),
  /** The model-code editions the location says it adopted. */
  adopted_codes: z.record(z.string(), z.number().int()),
  run: codeRunSummarySchema.nullable(),
  runs: z.array(codeRunSummarySchema),
  findings: z.array(codeFindingSchema),
  findings_total: z.number().int(),
  /** Against the previous run: findings that appeared, and those that are gone. */
  diff: z.object({ previous_run_id: z.string().nullable(), new: z.array(codeFindingSchema), resolved: z.array(codeFindingSchema) }),
});
export type CodeReport = z.infer<typeof codeReportSchema>;

export const codeReportParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(64) });
export const locationReportsParamsSchema = z.strictObject({ code: z.string().trim().min(1).max(32) });
export const locationReportsSchema = z.object({
  /** state: the key was a state code, the reports are its locations' runs; building_code: the findings about that model code. */
  kind: z.enum(['state', 'building_code']),
  key: z.string(),
  reports: z.array(codeRunSummarySchema.extend({ location_name: z.string() })),
  findings: z.array(codeFindingSchema),
});
export const codeRunResponseSchema = z.object({ run: codeRunSummarySchema });

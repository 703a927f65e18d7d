import { boolean, date, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, locationRef as location, ownerId as owner, updatedAt } from './columns';
import { users } from './platform';

/**
 * Compliance (issue 11, decision 024): a user's compliance reports with their findings and an audit
 * trail of every change; records-request (PRA) responses; the Code Compliance runs of a location's
 * own code with their findings. A report's check runs as a job (decision 025): `job_state` and
 * `progress` say where it is, and its findings are written in the same transaction that marks it
 * completed.
 */

export const complianceReports = pgTable(
  'compliance_reports',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    locationId: location(),
    complianceType: text('compliance_type').notNull(),
    /** file | text */
    source: text('source').notNull(),
    title: text('title').notNull(),
    filename: text('filename'),
    /** Relative to DATA_DIR/files (the one file store); null for pasted text. */
    storageKey: text('storage_key'),
    fileKind: text('file_kind'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    pageCount: integer('page_count'),
    hasText: boolean('has_text').notNull().default(true),
    text: text('text').notNull(),
    jobId: text('job_id'),
    /** queued | running | completed | failed | cancelled */
    jobState: text('job_state').notNull(),
    progress: integer('progress').notNull().default(0),
    stage: text('stage'),
    error: text('error'),
    /** The review status a user sets: open | in_review | resolved | archived. */
    status: text('status').notNull().default('open'),
    folder: text('folder'),
    engine: text('engine'),
    /** Facts the check read from the file itself (a PDF's tags, language, fonts...), for the report page. */
    documentFacts: jsonb('document_facts'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('compliance_reports_owner_idx').on(t.userId, t.createdAt)],
);

export const complianceFindings = pgTable(
  'compliance_findings',
  {
    id: text('id').primaryKey(),
    reportId: text('report_id')
      .notNull()
      .references(() => complianceReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** legal | privacy | accessibility | open_meetings */
    ruleSet: text('rule_set').notNull(),
    rule: text('rule').notNull(),
    /** privacy: PERSON, SSN, ... */
    entityType: text('entity_type'),
    severity: text('severity').notNull(),
    /** open | accepted | dismissed | fixed */
    status: text('status').notNull().default('open'),
    /** Offsets in the report's text (UTF-16 code units); null for a finding about the whole file. */
    start: integer('start'),
    end: integer('end'),
    quote: text('quote').notNull(),
    /** What the finding rests on: a verified code section or a named rule (WCAG, PDF/UA, a statute). */
    basis: jsonb('basis').notNull(),
    explanation: text('explanation').notNull(),
    suggestion: text('suggestion'),
    /** A quoted passage against the section's current text, word by word. */
    difference: jsonb('difference'),
    /** Every further place of the same value or person ({start, end, quote}[]); redacted with it when accepted. */
    places: jsonb('places'),
    confidence: real('confidence'),
    /** rule | model | user */
    origin: text('origin').notNull().default('rule'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('compliance_findings_report_idx').on(t.reportId, t.position)],
);

export const praRequests = pgTable(
  'pra_requests',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    locationId: location(),
    requestText: text('request_text').notNull(),
    requesterName: text('requester_name'),
    requesterEmail: text('requester_email'),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    /** The compliance reports whose (redacted) documents are released. */
    reportIds: jsonb('report_ids').notNull(),
    /** One line per exemption applied: the statute's paragraph and what it covered. */
    exemptions: jsonb('exemptions').notNull(),
    /** draft | sent | extended | awaiting_requester | closed */
    status: text('status').notNull().default('draft'),
    /** Null while the clock is stopped (the requester was asked to clarify). */
    dueDate: date('due_date', { mode: 'string' }),
    extended: boolean('extended').notNull().default(false),
    /** Clarification pauses: [{ asked, answered | null }]. */
    pauses: jsonb('pauses').notNull(),
    emailSubject: text('email_subject').notNull(),
    emailBody: text('email_body').notNull(),
    engine: text('engine').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pra_requests_owner_idx').on(t.userId, t.createdAt)],
);

/** Who changed what on a report, a finding or a records request, from what to what. */
export const complianceAudit = pgTable(
  'compliance_audit',
  {
    id: text('id').primaryKey(),
    reportId: text('report_id').references(() => complianceReports.id, { onDelete: 'cascade' }),
    praRequestId: text('pra_request_id').references(() => praRequests.id, { onDelete: 'cascade' }),
    findingId: text('finding_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** finding.status | finding.severity | finding.added | report.status | report.folder | report.redacted_download | pra.status | pra.email */
    action: text('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    at: createdAt(),
  },
  (t) => [index('compliance_audit_report_idx').on(t.reportId, t.at), index('compliance_audit_pra_idx').on(t.praRequestId, t.at)],
);

export const codeComplianceRuns = pgTable(
  'code_compliance_runs',
  {
    id: text('id').primaryKey(),
    locationId: location(),
    /** on_demand | import */
    trigger: text('trigger').notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    jobId: text('job_id'),
    jobState: text('job_state').notNull(),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    previousRunId: text('previous_run_id'),
    /** Counts by rule, sections read, new and resolved against the previous run. */
    summary: jsonb('summary'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('code_compliance_runs_location_idx').on(t.locationId, t.createdAt)],
);

export const codeComplianceFindings = pgTable(
  'code_compliance_findings',
  {
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => codeComplianceRuns.id, { onDelete: 'cascade' }),
    /** The same problem in two runs has the same fingerprint: the diff between runs compares these. */
    fingerprint: text('fingerprint').notNull(),
    rule: text('rule').notNull(),
    severity: text('severity').notNull(),
    sectionId: text('section_id'),
    sectionNumber: text('section_number').notNull(),
    sectionTitle: text('section_title').notNull(),
    start: integer('start'),
    end: integer('end'),
    quote: text('quote').notNull(),
    /** The section or model code the finding points at ("§ 2-599", "IBC 2012"). */
    target: text('target'),
    /** A model code's id ("IBC"), for GET /compliance/location/reports/{building_code}. */
    modelCode: text('model_code'),
    explanation: text('explanation').notNull(),
    suggestion: text('suggestion'),
  },
  (t) => [index('code_compliance_findings_run_idx').on(t.runId, t.rule), index('code_compliance_findings_model_idx').on(t.runId, t.modelCode)],
);

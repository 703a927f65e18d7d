import type { AuditEntry, ComplianceFinding, ComplianceReport, ComplianceReportSummary, FindingBasis, PrivacyEntityType } from '@civicdesk/contract';
import type { FindingRow, ReportRow } from './repo';

/** The answers' shapes: report rows, findings and audit entries as the contract gives them. */

const RULE_LABELS: Record<string, string> = {
  'legal.citation_unknown': 'Citation of a section that does not exist',
  'legal.citation_repealed': 'Citation of a repealed section',
  'legal.quote_mismatch': 'Quotation differs from the section',
  'legal.figure_contradiction': 'Figure contradicts the cited section',
  'legal.term_before_definition': 'Term used before its definition',
  'legal.form_missing_part': 'Missing part of the form',
  'privacy.person': 'Name of a private person',
  'privacy.address': 'Home address',
  'privacy.phone': 'Phone number',
  'privacy.email': 'E-mail address',
  'privacy.ssn': 'Social Security number',
  'privacy.date_of_birth': 'Date of birth',
  'privacy.driver_license': "Driver's licence number",
  'privacy.bank_account': 'Bank account or routing number',
  'privacy.credit_card': 'Payment card number',
  'privacy.user_marked': 'Marked for redaction',
  'privacy.author': "The document's author (not redacted)",
  'privacy.official': 'An official in a public role (not redacted)',
  'open_meetings.missing_date': 'Meeting date missing',
  'open_meetings.missing_time': 'Meeting time missing',
  'open_meetings.missing_place': 'Meeting place missing',
  'open_meetings.late_posting': 'Notice posted too late',
  'open_meetings.item_without_description': 'Agenda item without a description',
  'accessibility.no_text_layer': 'No text layer (scanned image)',
  'accessibility.not_tagged': 'Not a tagged PDF',
  'accessibility.no_structure_tree': 'No structure tree',
  'accessibility.no_language': 'Document language not set',
  'accessibility.no_title': 'No document title',
  'accessibility.title_not_displayed': 'Title not shown in the window',
  'accessibility.figure_without_alt': 'Figure without alternate text',
  'accessibility.heading_skipped': 'Heading levels skipped',
  'accessibility.table_without_headers': 'Table without header cells',
  'accessibility.font_not_embedded': 'Font not embedded',
  'accessibility.no_bookmarks': 'Long document without bookmarks',
  'accessibility.no_pdfua_identifier': 'No PDF/UA identifier',
  'accessibility.content_not_tagged': 'Content neither tagged nor an artifact',
  'accessibility.artifact_mixed_with_content': 'Artifact mixed with tagged content',
  'accessibility.tags_suspect': 'Tags marked as suspect',
  'accessibility.role_map_invalid': 'Role map not sound',
  'accessibility.heading_h_repeated': 'More than one unnumbered heading in a section',
  'accessibility.heading_kinds_mixed': 'Numbered and unnumbered headings mixed',
  'accessibility.table_header_not_associated': 'Data cell without a header cell',
};

export function ruleLabel(rule: string): string {
  const [base, part] = rule.split(':');
  const label = RULE_LABELS[base] ?? base;
  return part ? `${label}: ${part.replace(/_/g, ' ')}` : label;
}

export function presentFinding(row: FindingRow): ComplianceFinding {
  return {
    id: row.id,
    rule_set: row.ruleSet as ComplianceFinding['rule_set'],
    rule: row.rule,
    rule_label: ruleLabel(row.rule),
    entity_type: (row.entityType as PrivacyEntityType | null) ?? null,
    severity: row.severity as ComplianceFinding['severity'],
    status: row.status as ComplianceFinding['status'],
    start: row.start,
    end: row.end,
    quote: row.quote,
    basis: row.basis as FindingBasis,
    explanation: row.explanation,
    suggestion: row.suggestion,
    difference: (row.difference as ComplianceFinding['difference']) ?? null,
    places: (row.places as ComplianceFinding['places'] | null) ?? [],
    confidence: row.confidence,
    origin: row.origin as ComplianceFinding['origin'],
  };
}

export interface AuditRow {
  action: string;
  findingId: string | null;
  from: string | null;
  to: string | null;
  at: Date;
  firstName: string | null;
  lastName: string | null;
}

export const presentAudit = (rows: AuditRow[]): AuditEntry[] =>
  rows.map((r) => ({
    action: r.action,
    finding_id: r.findingId,
    from: r.from,
    to: r.to,
    by: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null,
    at: r.at.toISOString(),
  }));

type SummaryRow = Pick<ReportRow, 'id' | 'title' | 'complianceType' | 'source' | 'filename' | 'jobState' | 'progress' | 'status' | 'folder' | 'createdAt' | 'updatedAt'>;
export interface CountRow {
  status: string;
  severity: string;
  n: number;
}

export function presentSummary(row: SummaryRow, locationCode: string, counts: CountRow[]): ComplianceReportSummary {
  const bySeverity: Record<string, number> = {};
  let total = 0;
  let open = 0;
  let accepted = 0;
  for (const c of counts) {
    const n = Number(c.n);
    total += n;
    if (c.status === 'open') open += n;
    if (c.status === 'accepted') accepted += n;
    bySeverity[c.severity] = (bySeverity[c.severity] ?? 0) + n;
  }
  return {
    id: row.id,
    title: row.title,
    compliance_type: row.complianceType as ComplianceReportSummary['compliance_type'],
    source: row.source as 'file' | 'text',
    filename: row.filename,
    location_code: locationCode,
    job_state: row.jobState as ComplianceReportSummary['job_state'],
    progress: row.progress,
    status: row.status as ComplianceReportSummary['status'],
    folder: row.folder,
    counts: { total, open, accepted, by_severity: bySeverity },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentReport(row: ReportRow, locationCode: string, findings: FindingRow[], audit: AuditRow[]): ComplianceReport {
  const counts = findings.map((f) => ({ status: f.status, severity: f.severity, n: 1 }));
  return {
    ...presentSummary(row, locationCode, counts),
    stage: row.stage,
    error: row.error,
    engine: (row.engine as ComplianceReport['engine']) ?? null,
    text: row.text,
    has_text: row.hasText,
    page_count: row.pageCount,
    file_kind: (row.fileKind as ComplianceReport['file_kind']) ?? null,
    redactable: row.jobState === 'completed',
    document_facts: (row.documentFacts as Record<string, unknown> | null) ?? null,
    findings: findings.map(presentFinding),
    audit: presentAudit(audit),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

import { complianceFileFieldsSchema, minutesFileFieldsSchema } from '@civicdesk/contract';
import { binaryFile, fileBody, type OperationDoc } from './types';

const oneDocument = binaryFile('One PDF, Word (DOCX) or text file; its type is read from its bytes.');
const ownReport = 'The report is its owner\'s: another user\'s answers 404.';

/** Compliance Check, Code Compliance, records requests and the Summarizer. */
export const COMPLIANCE_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/compliance/code/:id': {
    operationId: 'getCodeComplianceReport',
    summary: 'A city\'s Code Compliance report',
    description: 'The findings of the latest (or `run_id`\'s) check of a whole municipal code ({id} is the location\'s code), filtered and paged, with the run\'s summary.',
  },
  'POST /api/compliance/code/:id/run': {
    operationId: 'runCodeCompliance',
    summary: 'Check a city\'s code',
    description: 'Queues a Code Compliance run of the location\'s code; answers 202 with the run to follow.',
  },
  'GET /api/compliance/location/reports/:code': {
    operationId: 'listLocationCodeReports',
    summary: 'Code Compliance reports of a state\'s cities',
    description: 'The latest Code Compliance run of each location the caller may see in a state (or of a model code).',
  },
  'POST /api/compliance': {
    operationId: 'submitComplianceDocument',
    summary: 'Check a document',
    description: `Queues a compliance check of one uploaded document (multipart: \`file\`, \`compliance_type\`, \`location_code\`); answers 202 with the report to follow. A body that is not a multipart form answers 415. ${ownReport}`,
    body: { multipart: complianceFileFieldsSchema.extend({ file: oneDocument }) },
    errors: [404],
  },
  'POST /api/compliance/text': {
    operationId: 'submitComplianceText',
    summary: 'Check pasted text',
    description: 'Queues a compliance check of a pasted text; answers 202 with the report to follow.',
    errors: [404],
  },
  'GET /api/compliance/history': {
    operationId: 'listComplianceReports',
    summary: 'The caller\'s compliance reports',
    description: 'The caller\'s reports, newest first, filtered by type, status, folder and dates, with paging.',
  },
  'GET /api/compliance/:id': {
    operationId: 'getComplianceReport',
    summary: 'One compliance report',
    description: `A report with its state and progress, and once complete its findings and their review. ${ownReport}`,
  },
  'POST /api/compliance/:id/cancel': {
    operationId: 'cancelComplianceCheck',
    summary: 'Cancel a check',
    description: 'Cancels a check that is queued or running; 409 when it has already ended.',
    errors: [409],
  },
  'POST /api/compliance/:id/redactions': {
    operationId: 'markRedaction',
    summary: 'Mark text to redact',
    description: 'Adds a passage of the document to redact in the released PDF; 409 while the check has not completed.',
    errors: [409],
  },
  'PUT /api/compliance/update-status': {
    operationId: 'setFindingStatus',
    summary: 'Review a finding',
    description: `Accepts, rejects or reopens one finding of a completed report. ${ownReport}`,
    errors: [404, 409],
  },
  'PUT /api/compliance/update-severity': {
    operationId: 'setFindingSeverity',
    summary: 'Change a finding\'s severity',
    description: `Sets the severity of one finding of a completed report. ${ownReport}`,
    errors: [404, 409],
  },
  'PUT /api/compliance/accept-all-issues': {
    operationId: 'acceptAllFindings',
    summary: 'Accept every open finding',
    description: `Accepts every open finding of a completed report. ${ownReport}`,
    errors: [404, 409],
  },
  'PUT /api/compliance/compliance-report/update-status': {
    operationId: 'setComplianceReportStatus',
    summary: 'Change a report\'s review status',
    description: `Sets the review status of a report. ${ownReport}`,
    errors: [404],
  },
  'PUT /api/compliance/compliance-report/update-folder': {
    operationId: 'setComplianceReportFolder',
    summary: 'File a report in a folder',
    description: `Puts a report in a folder (one line), or takes it out. ${ownReport}`,
    errors: [404],
  },
  'POST /api/compliance/draft-pra-email': {
    operationId: 'draftRecordsRequestResponse',
    summary: 'Start a public records request',
    description: 'Records a public records request with the documents to release (completed reports only, 409 otherwise) and drafts the answer, with the due date under the location\'s records law.',
    errors: [404, 409],
  },
  'PUT /api/compliance/update-pra-email-response': {
    operationId: 'updateRecordsRequest',
    summary: 'Update a public records request',
    description: 'Changes a records request\'s answer, status (in the order the law allows, 409 otherwise), pause or extension (once, where the law allows).',
    errors: [404, 409],
  },
  'GET /api/compliance/pra-requests': {
    operationId: 'listRecordsRequests',
    summary: 'Public records requests',
    description: 'The caller\'s location\'s records requests with their due dates and state.',
    errors: [404],
  },
  'GET /api/compliance/compliance-report/download-redacted-pdf/:id': {
    operationId: 'downloadRedactedPdf',
    summary: 'Download the redacted PDF',
    description: 'The document as a PDF with the accepted findings and marked passages removed (the text is gone, not covered); `X-Redactions` counts them. 409 while the check has not completed.',
    success: { content: { 'application/pdf': fileBody('The redacted document.') }, description: 'The redacted PDF, as an attachment.' },
    errors: [409],
  },
  'POST /api/minutes': {
    operationId: 'submitMinutesDocument',
    summary: 'Summarize meeting minutes (a file)',
    description: 'Queues a summary of one uploaded minutes document (multipart: `file`, optional `title` and `location_code`); answers 202 with the record to follow. A body that is not a multipart form answers 415.',
    body: { multipart: minutesFileFieldsSchema.extend({ file: oneDocument }) },
    errors: [404],
  },
  'POST /api/minutes/text': {
    operationId: 'submitMinutesText',
    summary: 'Summarize meeting minutes (pasted text)',
    description: 'Queues a summary of pasted minutes; answers 202 with the record to follow.',
    errors: [404],
  },
  'GET /api/minutes/history': {
    operationId: 'listMinutes',
    summary: 'The caller\'s summaries',
    description: 'The caller\'s minutes summaries, newest first, with paging.',
  },
  'GET /api/minutes/:id': {
    operationId: 'getMinutes',
    summary: 'One summary',
    description: 'A minutes record with its state and, once done, its summary, motions and votes with the quotes they rest on. It is its maker\'s: anyone else gets 404.',
  },
  'POST /api/minutes/:id/followup': {
    operationId: 'askAboutMinutes',
    summary: 'Ask about summarized minutes',
    description: 'Answers a question from the minutes\' text, with quotes; 409 while the summary is not done.',
    errors: [409],
  },
};


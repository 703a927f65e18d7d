import {
  acceptAllRequestSchema,
  codeReportParamsSchema,
  codeReportQuerySchema,
  codeReportSchema,
  codeRunResponseSchema,
  locationReportsParamsSchema,
  locationReportsSchema,
  complianceHistoryQuerySchema,
  complianceHistorySchema,
  complianceIdParamsSchema,
  complianceReportSchema,
  complianceSubmitResponseSchema,
  complianceTextRequestSchema,
  findingSeverityUpdateSchema,
  findingStatusUpdateSchema,
  findingUpdateResponseSchema,
  markRedactionSchema,
  praDraftRequestSchema,
  praRequestSchema,
  praUpdateSchema,
  reportFolderUpdateSchema,
  reportStatusUpdateSchema,
  TOOL_PERMISSIONS,
} from '@civicdesk/contract';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard';
import { originOf } from '../audit/service';
import { type FeatureModule, typed } from '../../platform/context';
import * as codeReports from './code-report/service';
import { defineComplianceJobs } from './jobs';
import * as records from './pra';
import { redactedPdf } from './redaction';
import * as reports from './service';

const tags = ['compliance'];
const access = { anyOf: TOOL_PERMISSIONS.COMPLIANCE_CHECK };
const codeAccess = { anyOf: TOOL_PERMISSIONS.CODE_COMPLIANCE };

/**
 * Compliance Check (spec §7 "Compliance"; issue 11; decision 024): a document or pasted text is
 * checked as a job; its owner reviews the findings. Another user's report answers 404.
 */
export const complianceModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  defineComplianceJobs(ctx);
  codeReports.defineCodeReportJobs(ctx);

  // Code Compliance: a location's code checked as a whole; {id} is the location's code.
  app.get('/compliance/code/:id', { config: { access: codeAccess }, schema: { tags, params: codeReportParamsSchema, querystring: codeReportQuerySchema, response: { 200: codeReportSchema } } }, (req) =>
    codeReports.codeReport(ctx, requirePrincipal(req), req.params.id, req.query),
  );
  app.post(
    '/compliance/code/:id/run',
    { config: { access: codeAccess, rateBudget: 'expensive' }, schema: { tags, params: codeReportParamsSchema, response: { 202: codeRunResponseSchema } } },
    async (req, reply) => reply.status(202).send(await codeReports.startRun(ctx, requirePrincipal(req), req.params.id)),
  );
  app.get(
    '/compliance/location/reports/:code',
    { config: { access: codeAccess }, schema: { tags, params: locationReportsParamsSchema, response: { 200: locationReportsSchema } } },
    (req) => codeReports.locationReports(ctx, requirePrincipal(req), req.params.code),
  );

  app.post('/compliance', { config: { access, rateBudget: 'expensive' }, schema: { tags, consumes: ['multipart/form-data'], response: { 202: complianceSubmitResponseSchema } } }, async (req, reply) =>
    reply.status(202).send(await reports.submitFile(ctx, requirePrincipal(req), req)),
  );
  app.post(
    '/compliance/text',
    { config: { access, rateBudget: 'expensive' }, schema: { tags, body: complianceTextRequestSchema, response: { 202: complianceSubmitResponseSchema } } },
    async (req, reply) => reply.status(202).send(await reports.submitText(ctx, requirePrincipal(req), req.body)),
  );
  app.get('/compliance/history', { config: { access }, schema: { tags, querystring: complianceHistoryQuerySchema, response: { 200: complianceHistorySchema } } }, (req) =>
    reports.history(ctx, requirePrincipal(req), {
      complianceType: req.query.compliance_type,
      status: req.query.status,
      folder: req.query.folder,
      startDate: req.query.start_date,
      endDate: req.query.end_date,
      limit: req.query.limit,
      skip: req.query.skip,
    }),
  );
  app.get('/compliance/:id', { config: { access }, schema: { tags, params: complianceIdParamsSchema, response: { 200: complianceReportSchema } } }, (req) =>
    reports.getReport(ctx, requirePrincipal(req), req.params.id),
  );
  app.post('/compliance/:id/cancel', { config: { access }, schema: { tags, params: complianceIdParamsSchema, response: { 200: findingUpdateResponseSchema } } }, (req) =>
    reports.cancelCheck(ctx, requirePrincipal(req), req.params.id),
  );
  app.post(
    '/compliance/:id/redactions',
    { config: { access }, schema: { tags, params: complianceIdParamsSchema, body: markRedactionSchema, response: { 200: findingUpdateResponseSchema } } },
    (req) => reports.markRedaction(ctx, requirePrincipal(req), req.params.id, req.body, originOf(req)),
  );
  app.put('/compliance/update-status', { config: { access }, schema: { tags, body: findingStatusUpdateSchema, response: { 200: findingUpdateResponseSchema } } }, (req) =>
    reports.setFindingStatus(ctx, requirePrincipal(req), req.body.report_id, req.body.finding_id, req.body.status),
  );
  app.put('/compliance/update-severity', { config: { access }, schema: { tags, body: findingSeverityUpdateSchema, response: { 200: findingUpdateResponseSchema } } }, (req) =>
    reports.setFindingSeverity(ctx, requirePrincipal(req), req.body.report_id, req.body.finding_id, req.body.severity),
  );
  app.put('/compliance/accept-all-issues', { config: { access }, schema: { tags, body: acceptAllRequestSchema, response: { 200: findingUpdateResponseSchema } } }, (req) =>
    reports.acceptAll(ctx, requirePrincipal(req), req.body.report_id),
  );
  app.put(
    '/compliance/compliance-report/update-status',
    { config: { access }, schema: { tags, body: reportStatusUpdateSchema, response: { 200: findingUpdateResponseSchema } } },
    (req) => reports.setReportStatus(ctx, requirePrincipal(req), req.body.report_id, req.body.status),
  );
  app.put(
    '/compliance/compliance-report/update-folder',
    { config: { access }, schema: { tags, body: reportFolderUpdateSchema, response: { 200: findingUpdateResponseSchema } } },
    (req) => reports.setReportFolder(ctx, requirePrincipal(req), req.body.report_id, req.body.folder),
  );
  app.post('/compliance/draft-pra-email', { config: { access }, schema: { tags, body: praDraftRequestSchema, response: { 201: praRequestSchema } } }, async (req, reply) =>
    reply.status(201).send(await records.draftPraEmail(ctx, requirePrincipal(req), req.body)),
  );
  app.put('/compliance/update-pra-email-response', { config: { access }, schema: { tags, body: praUpdateSchema, response: { 200: praRequestSchema } } }, (req) =>
    records.updatePra(ctx, requirePrincipal(req), req.body),
  );
  app.get('/compliance/pra-requests', { config: { access }, schema: { tags, response: { 200: z.object({ requests: z.array(praRequestSchema) }) } } }, (req) =>
    records.listPra(ctx, requirePrincipal(req)),
  );
  app.get(
    '/compliance/compliance-report/download-redacted-pdf/:id',
    { config: { access, rateBudget: 'expensive' }, schema: { tags, params: complianceIdParamsSchema } },
    async (req, reply) => {
      const { bytes, filename, redactions } = await redactedPdf(ctx, requirePrincipal(req), req.params.id, originOf(req));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('X-Redactions', String(redactions))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};

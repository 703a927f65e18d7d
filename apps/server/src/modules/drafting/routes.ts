import {
  aiEditRequestSchema,
  aiEditResponseSchema,
  DRAFT_KINDS,
  DRAFT_PERMISSION,
  draftExportQuerySchema,
  draftHistoryQuerySchema,
  draftHistoryResponseSchema,
  draftIdParamsSchema,
  draftKindSchema,
  draftRequestSchema,
  draftRestoreRequestSchema,
  draftUpdateSchema,
  draftVersionParamsSchema,
  promptResponseSchema,
  TOOL_PERMISSIONS,
  type DraftKind,
} from '@civicdesk/contract';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard';
import { originOf } from '../audit/service';
import { type FeatureModule, typed } from '../../platform/context';
import { readFormRequest } from '../../platform/files/form-request';
import * as documents from './documents';
import { draftDocument } from './service';
import * as templates from './templates';

const tags = ['drafting'];
const anyDrafting = { anyOf: TOOL_PERMISSIONS.DRAFTING };
const kindAccess = (kind: DraftKind) => ({ anyOf: [DRAFT_PERMISSION[kind]] as const });
const promptParams = z.object({ type: draftKindSchema });

/**
 * Drafting (spec §7 "Drafting", "Drafted documents"; issue 10). Each kind drafts and saves under
 * its own permission; the Draft Collection's routes take any drafting permission. A draft is its
 * owner's: anyone else gets 404.
 */
export const draftingModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);

  for (const kind of DRAFT_KINDS) {
    // Multipart (with attachments) or JSON, checked against the contract in readFormRequest.
    app.post(`/${kind}/draft`, { config: { access: kindAccess(kind), rateBudget: 'expensive' }, schema: { tags } }, async (req, reply) => {
      const principal = requirePrincipal(req);
      const { input, attachments } = await readFormRequest(req, draftRequestSchema, { dataDir: ctx.config.dataDir, locationId: principal.locationId });
      return reply.status(201).send(await draftDocument(ctx, principal, kind, input, attachments));
    });
  }
  // PUT /agenda_item belongs to agenda items: a body with `content` is a draft save (agenda-items/routes.ts).
  for (const kind of ['resolution', 'ordinance', 'staff_report'] as const) {
    app.put(`/${kind}`, { config: { access: kindAccess(kind) }, schema: { tags, body: draftUpdateSchema } }, (req) =>
      documents.updateDraft(ctx, requirePrincipal(req), req.body, kind),
    );
  }
  app.put(
    '/resolution/ai-edit',
    { config: { access: kindAccess('resolution'), rateBudget: 'expensive' }, schema: { tags, body: aiEditRequestSchema, response: { 200: aiEditResponseSchema } } },
    (req) => documents.aiEditDraft(ctx, requirePrincipal(req), req.body, 'resolution'),
  );

  app.get('/drafted_document/history', { config: { access: anyDrafting }, schema: { tags, querystring: draftHistoryQuerySchema, response: { 200: draftHistoryResponseSchema } } }, (req) =>
    documents.draftHistory(ctx, requirePrincipal(req), req.query),
  );
  app.get('/drafted_document/:id', { config: { access: anyDrafting }, schema: { tags, params: draftIdParamsSchema } }, (req) =>
    documents.readDraft(ctx, requirePrincipal(req), req.params.id),
  );
  app.put('/drafted_document', { config: { access: anyDrafting }, schema: { tags, body: draftUpdateSchema } }, (req) =>
    documents.updateDraft(ctx, requirePrincipal(req), req.body),
  );
  app.delete('/drafted_document/:id', { config: { access: anyDrafting }, schema: { tags, params: draftIdParamsSchema } }, (req) =>
    documents.deleteDraft(ctx, requirePrincipal(req), req.params.id),
  );
  app.get('/drafted_document/:id/versions', { config: { access: anyDrafting }, schema: { tags, params: draftIdParamsSchema } }, (req) =>
    documents.draftVersions(ctx, requirePrincipal(req), req.params.id),
  );
  app.get('/drafted_document/:id/versions/:version', { config: { access: anyDrafting }, schema: { tags, params: draftVersionParamsSchema } }, (req) =>
    documents.draftVersion(ctx, requirePrincipal(req), req.params.id, req.params.version),
  );
  app.post('/drafted_document/:id/restore', { config: { access: anyDrafting }, schema: { tags, params: draftIdParamsSchema, body: draftRestoreRequestSchema } }, (req) =>
    documents.restoreVersion(ctx, requirePrincipal(req), req.params.id, req.body.version),
  );
  app.get(
    '/drafted_document/:id/export',
    { config: { access: anyDrafting }, schema: { tags, params: draftIdParamsSchema, querystring: draftExportQuerySchema } },
    async (req, reply) => {
      const file = await documents.exportDraft(ctx, requirePrincipal(req), req.params.id, req.query.format, originOf(req));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );

  app.get('/prompt/:type', { config: { access: anyDrafting }, schema: { tags, params: promptParams, querystring: z.object({ city_code: z.string().trim().min(1).max(16).optional() }), response: { 200: promptResponseSchema } } }, (req) =>
    templates.promptFor(ctx, requirePrincipal(req), req.params.type, req.query.city_code),
  );
  app.post('/prompt/:type/template', { config: { access: 'admin' }, schema: { tags, params: promptParams, consumes: ['multipart/form-data'] } }, (req) =>
    templates.uploadTemplate(ctx, requirePrincipal(req), req.params.type, req),
  );
  app.delete('/prompt/:type/template', { config: { access: 'admin' }, schema: { tags, params: promptParams } }, (req) =>
    templates.deleteTemplate(ctx, requirePrincipal(req), req.params.type),
  );
};

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  deleteExternalDocumentResponseSchema,
  externalDocumentIdParamsSchema,
  externalDocumentListQuerySchema,
  externalDocumentPageSchema,
  externalDocumentUploadQuerySchema,
  externalDocumentUploadResponseSchema,
  fileQuerySchema,
  TOOL_PERMISSIONS,
} from '@civicdesk/contract';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as documents from './service';

const access = { anyOf: TOOL_PERMISSIONS.SMART_SEARCH };
const tags = ['external_document'];

/** Uploaded documents (spec §7 "External documents") and GET /file, which serves their originals. */
export const externalDocumentsModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  const dataDir = ctx.config.dataDir;
  app.get(
    '/external_document',
    { config: { access }, schema: { tags, querystring: externalDocumentListQuerySchema, response: { 200: externalDocumentPageSchema } } },
    (req) => documents.listDocuments(ctx.db, requirePrincipal(req), req.query),
  );
  app.post(
    '/external_document',
    {
      config: { access, rateBudget: 'expensive' },
      schema: { tags, consumes: ['multipart/form-data'], querystring: externalDocumentUploadQuerySchema, response: { 201: externalDocumentUploadResponseSchema } },
    },
    async (req, reply) => reply.status(201).send(await documents.uploadDocuments(ctx.db, dataDir, requirePrincipal(req), req, req.query)),
  );
  app.delete(
    '/external_document/:id',
    {
      config: { access },
      schema: { tags, params: externalDocumentIdParamsSchema, querystring: z.object({ city_code: z.string().trim().min(1).max(16).optional() }), response: { 200: deleteExternalDocumentResponseSchema } },
    },
    (req) => documents.deleteDocument(ctx.db, dataDir, requirePrincipal(req), req.params.id, req.query.city_code),
  );
  app.get('/file', { config: { access }, schema: { tags, querystring: fileQuerySchema } }, async (req, reply) => {
    const { row, path } = await documents.findFile(ctx.db, dataDir, requirePrincipal(req), req.query.filename, req.query.city_code);
    const size = await stat(path).then((s) => s.size).catch(() => null);
    if (size === null) throw notFound('File');
    const ascii = row.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('Content-Type', row.contentType)
      .header('Content-Length', size)
      .header('Content-Disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=0')
      .send(createReadStream(path));
  });
};

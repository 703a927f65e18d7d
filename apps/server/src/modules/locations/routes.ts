import {
  createLocationRequestSchema,
  locationCodeParamsSchema,
  locationImportListSchema,
  locationImportParamsSchema,
  locationImportSchema,
  locationImportSubmitResponseSchema,
  locationSchema,
  locationSettingsSchema,
  updateLocationSettingsSchema,
} from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { originOf } from '../audit/service';
import * as imports from './imports';
import { defineLocationJobs } from './import-jobs';
import * as locations from './service';

const tags = ['locations'];
const config = { access: 'admin' as const };

/** Cities and their imports (issue 21): ADMIN adds a city; ADMIN, or a SUPERUSER for its own city, imports its data. */
export const locationsModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  defineLocationJobs(ctx);
  // Only an ADMIN adds a city: a SUPERUSER is refused before its input is even read.
  const adminOnly = async (req: Parameters<typeof requirePrincipal>[0]) => {
    if (requirePrincipal(req).role !== 'ADMIN') throw new AppError('ACCESS_DENIED', 'Only an administrator can add a city');
  };
  app.post('/location', { config, preValidation: adminOnly, schema: { tags, body: createLocationRequestSchema, response: { 201: locationSchema } } }, async (req, reply) =>
    reply.status(201).send(await locations.createLocation(ctx, requirePrincipal(req), req.body, originOf(req))),
  );
  app.post(
    '/location/:code/imports',
    { config: { ...config, rateBudget: 'expensive' as const }, schema: { tags, params: locationCodeParamsSchema, consumes: ['multipart/form-data', 'application/json'], response: { 202: locationImportSubmitResponseSchema } } },
    async (req, reply) => reply.status(202).send(await imports.submitImport(ctx, requirePrincipal(req), req.params.code, req, originOf(req))),
  );
  app.get('/location/:code/imports', { config, schema: { tags, params: locationCodeParamsSchema, response: { 200: locationImportListSchema } } }, (req) =>
    imports.listImports(ctx, requirePrincipal(req), req.params.code),
  );
  app.get('/location/:code/settings', { config, schema: { tags, params: locationCodeParamsSchema, response: { 200: locationSettingsSchema } } }, (req) =>
    locations.getSettings(ctx, requirePrincipal(req), req.params.code),
  );
  app.put('/location/:code/settings', { config, schema: { tags, params: locationCodeParamsSchema, body: updateLocationSettingsSchema, response: { 200: locationSettingsSchema } } }, (req) =>
    locations.updateSettings(ctx, requirePrincipal(req), req.params.code, req.body, originOf(req)),
  );
  app.get('/location/:code/imports/:id', { config, schema: { tags, params: locationImportParamsSchema, response: { 200: locationImportSchema } } }, (req) =>
    imports.getImport(ctx, requirePrincipal(req), req.params.code, req.params.id),
  );
};

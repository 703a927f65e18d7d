import {
  agendaDetailSchema,
  agendaIdParamsSchema,
  agendaListQuerySchema,
  agendaListSchema,
  agendaSectionsRequestSchema,
  agendaStatsQuerySchema,
  agendaStatsSchema,
  createAgendaRequestSchema,
  TOOL_PERMISSIONS,
} from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as agendas from './service';

const access = { anyOf: TOOL_PERMISSIONS.SMART_SEARCH };
const tags = ['agenda'];

/** Agendas (meetings): list, HOME statistics, one meeting with its sections and items, create, order sections. */
export const agendasModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.get('/agenda/stats', { config: { access }, schema: { tags, querystring: agendaStatsQuerySchema, response: { 200: agendaStatsSchema } } }, (req) =>
    agendas.agendaStats(ctx.db, requirePrincipal(req), req.query.city_code),
  );
  app.get('/agenda', { config: { access }, schema: { tags, querystring: agendaListQuerySchema, response: { 200: agendaListSchema } } }, (req) =>
    agendas.listAgendas(ctx.db, requirePrincipal(req), req.query),
  );
  app.post('/agenda', { config: { access }, schema: { tags, body: createAgendaRequestSchema, response: { 201: agendaDetailSchema } } }, async (req, reply) =>
    reply.status(201).send(await agendas.createAgenda(ctx.db, requirePrincipal(req), req.body)),
  );
  app.put(
    '/agenda/:id/sections',
    { config: { access }, schema: { tags, params: agendaIdParamsSchema, body: agendaSectionsRequestSchema, response: { 200: agendaDetailSchema } } },
    (req) => agendas.setAgendaSections(ctx.db, requirePrincipal(req), req.params.id, req.body.sections),
  );
  app.get('/agenda/:id', { config: { access }, schema: { tags, params: agendaIdParamsSchema, response: { 200: agendaDetailSchema } } }, (req) =>
    agendas.readAgenda(ctx.db, requirePrincipal(req), req.params.id),
  );
};

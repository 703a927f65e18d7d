import {
  agendaItemFilterSchema,
  agendaItemPageSchema,
  agendaItemResearchQuerySchema,
  agendaItemSchema,
  createAgendaItemRequestSchema,
  searchResponseSchema,
  TOOL_PERMISSIONS,
  updateAgendaItemRequestSchema,
} from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as items from './service';

const access = { anyOf: TOOL_PERMISSIONS.SMART_SEARCH };
const tags = ['agenda_item'];

/** Agenda items (spec §7 "Agenda items and agendas"); POST /agenda_item/draft belongs to drafting. */
export const agendaItemsModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.get('/agenda_item', { config: { access }, schema: { tags, querystring: agendaItemFilterSchema, response: { 200: agendaItemPageSchema } } }, (req) =>
    items.listAgendaItems(ctx.db, requirePrincipal(req), req.query),
  );
  app.post('/agenda_item', { config: { access }, schema: { tags, body: createAgendaItemRequestSchema, response: { 201: agendaItemSchema } } }, async (req, reply) =>
    reply.status(201).send(await items.createAgendaItem(ctx.db, requirePrincipal(req), req.body)),
  );
  app.put('/agenda_item', { config: { access }, schema: { tags, body: updateAgendaItemRequestSchema, response: { 200: agendaItemSchema } } }, (req) =>
    items.updateAgendaItem(ctx.db, requirePrincipal(req), req.body),
  );
  app.get(
    '/agenda_item/research',
    { config: { access }, schema: { tags, querystring: agendaItemResearchQuerySchema, response: { 200: searchResponseSchema } } },
    (req) => items.researchAgendaItems(ctx.db, requirePrincipal(req), req.query),
  );
};

import {
  agendaItemFilterSchema,
  agendaItemPageSchema,
  agendaItemResearchQuerySchema,
  agendaItemSchema,
  createAgendaItemRequestSchema,
  searchResponseSchema,
  TOOL_PERMISSIONS,
  updateAgendaItemRequestSchema,
  DRAFT_PERMISSION,
  draftContentSchema,
  draftUpdateSchema,
  hasAnyPermission,
} from '@civicdesk/contract';
import { z } from 'zod';
import { accessDenied } from '../../platform/errors';
import { updateDraft } from '../drafting/documents';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as items from './service';

const access = { anyOf: TOOL_PERMISSIONS.SMART_SEARCH };
const tags = ['agenda_item'];
/** An agenda-item draft's save through PUT /agenda_item: the draft update with its body required. */
const agendaDraftUpdateSchema = draftUpdateSchema.extend({ content: draftContentSchema });

/** Agenda items (spec §7 "Agenda items and agendas"); POST /agenda_item/draft belongs to drafting. */
export const agendaItemsModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.get('/agenda_item', { config: { access }, schema: { tags, querystring: agendaItemFilterSchema, response: { 200: agendaItemPageSchema } } }, (req) =>
    items.listAgendaItems(ctx.db, requirePrincipal(req), req.query),
  );
  app.post('/agenda_item', { config: { access }, schema: { tags, body: createAgendaItemRequestSchema, response: { 201: agendaItemSchema } } }, async (req, reply) =>
    reply.status(201).send(await items.createAgendaItem(ctx.db, requirePrincipal(req), req.body)),
  );
  // Two writes share this path (spec §7): an agenda item's fields, and, with `content`, a saved agenda-item draft.
  app.put(
    '/agenda_item',
    { config: { access: { anyOf: [...TOOL_PERMISSIONS.SMART_SEARCH, DRAFT_PERMISSION.agenda_item] } }, schema: { tags, body: z.union([agendaDraftUpdateSchema, updateAgendaItemRequestSchema]) } },
    async (req) => {
      const principal = requirePrincipal(req);
      if ('content' in req.body) {
        if (!principal.permissions.includes(DRAFT_PERMISSION.agenda_item)) throw accessDenied();
        return updateDraft(ctx, principal, req.body, 'agenda_item');
      }
      if (!hasAnyPermission(principal.permissions, TOOL_PERMISSIONS.SMART_SEARCH)) throw accessDenied();
      return agendaItemSchema.parse(await items.updateAgendaItem(ctx.db, principal, req.body));
    },
  );
  app.get(
    '/agenda_item/research',
    { config: { access }, schema: { tags, querystring: agendaItemResearchQuerySchema, response: { 200: searchResponseSchema } } },
    (req) => items.researchAgendaItems(ctx.db, requirePrincipal(req), req.query),
  );
};

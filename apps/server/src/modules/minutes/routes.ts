import {
  minutesFollowupRequestSchema,
  minutesHistoryQuerySchema,
  minutesHistorySchema,
  minutesIdParamsSchema,
  minutesRecordSchema,
  minutesSubmitResponseSchema,
  minutesTextRequestSchema,
  TOOL_PERMISSIONS,
} from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as minutes from './service';

const tags = ['minutes'];
const access = { anyOf: TOOL_PERMISSIONS.SUMMARIZER };

/** The Summarizer (spec §7 "Minutes"; issue 12). A summary is its maker's: anyone else gets 404. */
export const minutesModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  minutes.defineMinutesJobs(ctx);
  app.post('/minutes', { config: { access, rateBudget: 'expensive' }, schema: { tags, consumes: ['multipart/form-data'], response: { 202: minutesSubmitResponseSchema } } }, async (req, reply) =>
    reply.status(202).send(await minutes.submitFile(ctx, requirePrincipal(req), req)),
  );
  app.post('/minutes/text', { config: { access, rateBudget: 'expensive' }, schema: { tags, body: minutesTextRequestSchema, response: { 202: minutesSubmitResponseSchema } } }, async (req, reply) =>
    reply.status(202).send(await minutes.submitText(ctx, requirePrincipal(req), req.body)),
  );
  app.get('/minutes/history', { config: { access }, schema: { tags, querystring: minutesHistoryQuerySchema, response: { 200: minutesHistorySchema } } }, (req) =>
    minutes.history(ctx, requirePrincipal(req), req.query.limit, req.query.skip),
  );
  app.get('/minutes/:id', { config: { access }, schema: { tags, params: minutesIdParamsSchema, response: { 200: minutesRecordSchema } } }, (req) =>
    minutes.getMinutes(ctx, requirePrincipal(req), req.params.id),
  );
  app.post(
    '/minutes/:id/followup',
    { config: { access, rateBudget: 'expensive' }, schema: { tags, params: minutesIdParamsSchema, body: minutesFollowupRequestSchema, response: { 200: minutesRecordSchema } } },
    (req) => minutes.followup(ctx, requirePrincipal(req), req.params.id, req.body.question),
  );
};

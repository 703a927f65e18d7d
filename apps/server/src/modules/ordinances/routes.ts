import {
  ordinanceAnswerSchema,
  ordinanceDetailSchema,
  ordinanceFollowupRequestSchema,
  ordinanceIdParamsSchema,
  ordinanceSearchQuerySchema,
  ordinanceStatisticsQuerySchema,
  ordinanceStatisticsSchema,
  searchResponseSchema,
  TOOL_PERMISSIONS,
} from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { answerAboutOrdinance, summarizeOrdinance } from './answers';
import * as ordinances from './service';

const access = { anyOf: TOOL_PERMISSIONS.SMART_SEARCH };
const tags = ['ordinance'];

/** Ordinances (spec §7 "Ordinances"): statistics, search, one measure, its summary and follow-up questions. */
export const ordinancesModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.get(
    '/ordinance/statistics',
    { config: { access }, schema: { tags, querystring: ordinanceStatisticsQuerySchema, response: { 200: ordinanceStatisticsSchema } } },
    (req) => ordinances.ordinanceStatistics(ctx.db, requirePrincipal(req), req.query),
  );
  // The spec writes the path with a trailing slash; without it the request must not fall to /ordinance/:id.
  for (const url of ['/ordinance/search/', '/ordinance/search']) {
    app.get(url, { config: { access }, schema: { tags, querystring: ordinanceSearchQuerySchema, response: { 200: searchResponseSchema } } }, (req) =>
      ordinances.searchOrdinances(ctx.db, requirePrincipal(req), req.query),
    );
  }
  app.get('/ordinance/:id', { config: { access }, schema: { tags, params: ordinanceIdParamsSchema, response: { 200: ordinanceDetailSchema } } }, (req) =>
    ordinances.readOrdinance(ctx.db, requirePrincipal(req), req.params.id),
  );
  app.get(
    '/ordinance/:id/summary',
    { config: { access, rateBudget: 'expensive' }, schema: { tags, params: ordinanceIdParamsSchema, response: { 200: ordinanceAnswerSchema } } },
    async (req) => summarizeOrdinance(ctx.ai, (await ordinances.findOrdinance(ctx.db, requirePrincipal(req), req.params.id)).row),
  );
  app.post(
    '/ordinance/:id/followup',
    { config: { access, rateBudget: 'expensive' }, schema: { tags, params: ordinanceIdParamsSchema, body: ordinanceFollowupRequestSchema, response: { 200: ordinanceAnswerSchema } } },
    async (req) =>
      answerAboutOrdinance(ctx.ai, (await ordinances.findOrdinance(ctx.db, requirePrincipal(req), req.params.id)).row, req.body.question),
  );
};

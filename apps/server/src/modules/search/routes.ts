import { researchParamsSchema, researchQuerySchema, searchQuerySchema, searchResponseSchema, TOOL_PERMISSIONS } from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as search from './service';

const access = { anyOf: TOOL_PERMISSIONS.SMART_SEARCH };
const tags = ['search'];
const response = { 200: searchResponseSchema };

/** Smart Search: the all-category search and the per-city research search (spec §7 "Files and research"). */
export const searchModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.get('/search', { config: { access }, schema: { tags, querystring: searchQuerySchema, response } }, (req) =>
    search.searchAll(ctx.db, requirePrincipal(req), req.query),
  );
  app.get(
    '/:cityCode/research/meili/:query',
    { config: { access }, schema: { tags, params: researchParamsSchema, querystring: researchQuerySchema, response } },
    (req) => search.research(ctx.db, requirePrincipal(req), req.params.cityCode, req.params.query, req.query),
  );
};

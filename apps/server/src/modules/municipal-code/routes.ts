import {
  codeLookupQuerySchema,
  draftEmailRequestSchema,
  generateRequestSchema,
  TOOL_PERMISSIONS,
  type AssistantSettings,
} from '@civicdesk/contract';
import { engineLabel } from '../../platform/ai';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { resolveLocation } from '../../platform/tenancy';
import { draftEmail } from './email';
import { generate } from './generate';
import { lookUpSection } from './lookup';
import { enabledLocations } from '../../platform/retrieval/repo';
import { readFormRequest } from '../../platform/files/form-request';
import { ATTACHMENT_LIMITS } from './request';

const access = { anyOf: TOOL_PERMISSIONS.KNOWLEDGE_ASSISTANT };
const tags = ['municipal_code'];

export const municipalCodeModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  // Build the indexes of cities with a code in the background, so the first question is quick.
  instance.addHook('onReady', async () => {
    for (const location of await enabledLocations(ctx.db)) void ctx.codeIndexes.get(location.id).catch(() => {});
  });

  app.get('/municipal_code/data', { config: { access }, schema: { tags, querystring: codeLookupQuerySchema } }, async (req) => {
    const principal = requirePrincipal(req);
    const location = await resolveLocation(ctx.db, principal, { cityCode: req.query.city_code });
    return lookUpSection(ctx.db, location, (req.query.id ?? req.query.code)!);
  });

  // Multipart (with attachments) or JSON; the body is checked against the contract in readFormRequest.
  app.post('/municipal_code/generate', { config: { access, rateBudget: 'expensive' }, schema: { tags } }, async (req) => {
    const principal = requirePrincipal(req);
    const { input, attachments } = await readFormRequest(req, generateRequestSchema, { dataDir: ctx.config.dataDir, locationId: principal.locationId });
    return generate(ctx, principal, input, attachments);
  });

  app.post('/municipal_code/draft-email', { config: { access, rateBudget: 'expensive' }, schema: { tags, body: draftEmailRequestSchema } }, (req) =>
    draftEmail(ctx, requirePrincipal(req), req.body),
  );

  app.get('/municipal_code/settings', { config: { access }, schema: { tags } }, async (req): Promise<AssistantSettings> => {
    const principal = requirePrincipal(req);
    const location = await resolveLocation(ctx.db, principal);
    return {
      engine: ctx.ai.name,
      engine_label: engineLabel({ engine: ctx.ai.name, model: ctx.ai.model }),
      web_search_available: Boolean(ctx.config.webSearchUrl),
      web_search_unavailable_reason: ctx.config.webSearchUrl ? null : 'Web search is not set up for this site. An administrator can set it up.',
      municipal_code_available: location.municipalCodeEnabled,
      code_index_ready: !ctx.codeIndexes.building(location.locationId),
      location: { code: location.code, name: location.name },
      attachments: ATTACHMENT_LIMITS,
    };
  });
};

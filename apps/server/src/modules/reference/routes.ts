import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as repo from './repo';

/**
 * Reference data. ADMIN sees every location and organization (it picks the city in the UI);
 * everyone else sees their own location; a SUPERUSER also sees only its organization.
 */
export const referenceModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  const tags = ['reference'];
  const config = { access: 'authenticated' as const };

  app.get('/location', { config, schema: { tags } }, (req) => {
    const p = requirePrincipal(req);
    return repo.listLocations(ctx.db, p.role === 'ADMIN' ? undefined : { id: p.locationId });
  });
  app.get('/location/enabled-codes', { config, schema: { tags } }, async (req) => {
    const p = requirePrincipal(req);
    const rows = await repo.listLocations(ctx.db, { municipalCodeEnabled: true });
    return p.role === 'ADMIN' ? rows : rows.filter((l) => l.id === p.locationId);
  });
  app.get('/organization', { config, schema: { tags } }, (req) => {
    const p = requirePrincipal(req);
    return repo.listOrganizations(ctx.db, p.role === 'ADMIN' ? undefined : { id: p.organizationId });
  });
  app.get('/config/public', { config: { access: 'public' }, schema: { tags } }, () => ({
    translation_widget_url: ctx.config.thirdParty.translationWidgetUrl ?? null,
    avatar_service_url: ctx.config.thirdParty.avatarServiceUrl ?? null,
    ai_engine: ctx.ai.name,
  }));
};

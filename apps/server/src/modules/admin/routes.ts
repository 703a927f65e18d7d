import { z } from 'zod';
import { requirePrincipal, type Principal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { presentOutboxMessage } from './presenter';
import * as repo from './repo';

/** ADMIN sees everything; a SUPERUSER its own location and organization. */
const scopeOf = (p: Principal): repo.AdminScope =>
  p.role === 'ADMIN' ? {} : { locationId: p.locationId, organizationId: p.organizationId };

export const adminModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  const config = { access: 'admin' as const };
  const tags = ['admin'];

  app.get('/admin/outbox', { config, schema: { tags } }, async (req) => {
    const viewer = requirePrincipal(req);
    return (await repo.listOutbox(ctx.db, scopeOf(viewer))).map((row) => presentOutboxMessage(row, viewer));
  });
  app.get('/admin/reports', { config, schema: { tags } }, (req) => repo.listReports(ctx.db, scopeOf(requirePrincipal(req))));
  app.get(
    '/admin/analytics',
    { config, schema: { tags, querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }) } },
    (req) => repo.analyticsSummary(ctx.db, scopeOf(requirePrincipal(req)), new Date(Date.now() - req.query.days * 86_400_000)),
  );
};

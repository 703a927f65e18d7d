import { auditPageSchema, auditQuerySchema } from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { listAudit } from './service';

/** The audit log in the admin panel (decision 028): ADMIN and SUPERUSER, each within its own reach. */
export const auditModule: FeatureModule = async (instance, { ctx }) => {
  typed(instance).get(
    '/admin/audit',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    (req) => listAudit(ctx, requirePrincipal(req), req.query),
  );
};

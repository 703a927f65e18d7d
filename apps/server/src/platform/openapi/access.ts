import { DEFAULT_PERMISSIONS, ROLES } from '@civicdesk/contract';
import type { Access } from '../auth/guard';
import type { RateBudget } from '../rate-limit/plugin';
import type { ErrorStatus } from './errors';

/** Who may call a route, in words, read from its `config.access` (the rule the guard enforces). */
export function whoMayCall(access: Access): string {
  if (access === 'public') return 'Public: no token is needed.';
  if (access === 'authenticated') return 'Any signed-in user (bearer token).';
  if (access === 'admin') return 'ADMIN and SUPERUSER only (bearer token); a SUPERUSER acts within its own location and organization.';
  const roles = ROLES.filter((role) => access.anyOf.some((p) => DEFAULT_PERMISSIONS[role].includes(p)));
  const permissions = access.anyOf.join(' or ');
  return `Needs the permission ${permissions} (bearer token); held by default by ${roles.join(', ')}, and granted or revoked per user by an administrator.`;
}

/**
 * The error answers a route can give whatever it does, from how it is declared: the input rule
 * applies to every query (a NUL answers 400), the guard answers 401/403, a path parameter names a
 * record (404), every body is parsed with a size limit and a known type (413, 415), every budget but
 * `exempt` is counted (429), and any route may fail or lose its database (500, 503).
 */
export function derivedErrors(route: { method: string; url: string; access: Access; rateBudget?: RateBudget }): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 500, 503];
  if (route.access !== 'public') statuses.push(401);
  if (route.access === 'admin' || typeof route.access === 'object') statuses.push(403);
  if (route.url.includes(':')) statuses.push(404);
  if (route.method === 'POST' || route.method === 'PUT') statuses.push(413, 415);
  if (route.rateBudget !== 'exempt') statuses.push(429);
  return statuses;
}

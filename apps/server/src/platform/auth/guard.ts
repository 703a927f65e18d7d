import { hasAnyPermission, isAdminRole, type Permission, type Role } from '@civicdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { locations, users } from '../../db/schema';
import { AppError } from '../errors';
import { cachedSessionState } from './session-cache';
import type { TokenService } from './tokens';

/** Who may call a route. Every /api route declares one; the guard refuses to register one that does not. */
export type Access = 'public' | 'authenticated' | 'admin' | { anyOf: readonly Permission[] };

export interface Principal {
  userId: string;
  role: Role;
  permissions: Permission[];
  locationId: string;
  locationCode: string;
  organizationId: string;
  firstName: string;
  lastName: string;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's declared zod schemas: the generated input tests read their field names. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule: the truth-table and fuzz tests are generated from it. */
    routeTable: RouteEntry[];
  }
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('AUTH_INVALID_TOKEN', 'Sign in to continue');
  return request.principal;
}

async function loadPrincipal(db: Db, tokens: TokenService, header: string | undefined): Promise<Principal> {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new AppError('AUTH_INVALID_TOKEN', 'Sign in to continue');
  const claims = await tokens.verify(match[1]);
  const row = await cachedSessionState(db, claims.sub, () => loadSessionState(db, claims.sub));
  // A deleted user, a reset password or a changed role/permission set ends every older session.
  if (!row || row.status !== 'ACTIVE' || row.tokenVersion !== claims.tv) {
    throw new AppError('AUTH_INVALID_TOKEN', 'Your session has ended. Please sign in again.');
  }
  return {
    userId: row.id,
    role: row.role as Role,
    permissions: row.permissions as Permission[],
    locationId: row.locationId,
    locationCode: row.locationCode,
    organizationId: row.organizationId,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}

async function loadSessionState(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      permissions: users.featurePermissions,
      locationId: users.locationId,
      locationCode: locations.code,
      organizationId: users.organizationId,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export function isAllowed(access: Access, principal: Principal): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (access === 'admin') return isAdminRole(principal.role);
  return hasAnyPermission(principal.permissions, access.anyOf);
}

export const authGuard = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('principal', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    const schema = { body: route.schema?.body, querystring: route.schema?.querystring, params: route.schema?.params };
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, schema });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    if (access === 'public') {
      // A public route still knows who is calling when a valid token is sent (e.g. analytics).
      if (request.headers.authorization) {
        request.principal = await loadPrincipal(opts.db, opts.tokens, request.headers.authorization).catch(() => null);
      }
      return;
    }
    request.principal = await loadPrincipal(opts.db, opts.tokens, request.headers.authorization);
    if (!isAllowed(access, request.principal)) throw new AppError('ACCESS_DENIED', 'You do not have permission to do this');
  });
});

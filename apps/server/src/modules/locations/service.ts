import { randomUUID } from 'node:crypto';
import type { CreateLocationRequest, Location, UpdateLocationSettings } from '@civicdesk/contract';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, validationFailed } from '../../platform/errors';
import { forgetLocationScope, resolveLocation } from '../../platform/tenancy';
import { recordSafely, tenantOf, type RequestOrigin } from '../audit/service';
import { holidayStates } from '../compliance/calendar';
import * as repo from './repo';
import { mergeSettings, presentSettings } from './settings';

/**
 * Cities (issue 21, decision 033): an ADMIN adds a city; an ADMIN, or a SUPERUSER for its own city,
 * sets the city's own law and forms and brings in its data (imports.ts, import-jobs.ts).
 */
export async function createLocation(ctx: AppContext, principal: Principal, input: CreateLocationRequest, origin: RequestOrigin): Promise<Location> {
  if (principal.role !== 'ADMIN') throw new AppError('ACCESS_DENIED', 'Only an administrator can add a city');
  // The state's legal holidays count the city's business days (records deadlines): a state the calendar does not know would count none of them.
  if (!holidayStates().has(input.state_code)) {
    throw validationFailed('The request is not valid', [{ field: 'body.state_code', message: `Use a US state’s two-letter code (e.g. CA); known: ${[...holidayStates()].join(', ')}` }]);
  }
  const row = await repo.insertLocation(ctx.db, { id: randomUUID(), code: input.code, name: input.name, stateCode: input.state_code, codeSiteUrl: input.code_site_url ?? null });
  if (!row) throw new AppError('CONFLICT', `A city with the code ${input.code} already exists`);
  await recordSafely(ctx, { action: 'location.created', actor: { id: principal.userId }, tenant: { locationId: row.id, organizationId: null }, origin, details: { city: row.code, name: row.name } });
  return row;
}

/** GET /location/{code}/settings: every setting, the city's own and the defaults. */
export async function getSettings(ctx: AppContext, principal: Principal, code: string) {
  const location = await adminScope(ctx, principal, code);
  return presentSettings(location);
}

/** PUT /location/{code}/settings: what is given replaces the city's setting; null puts the default back. Every process reads the city again. */
export async function updateSettings(ctx: AppContext, principal: Principal, code: string, change: UpdateLocationSettings, origin: RequestOrigin) {
  const location = await adminScope(ctx, principal, code);
  const settings = mergeSettings(location.settings, change);
  await repo.saveSettings(ctx.db, location.locationId, settings);
  forgetLocationScope(ctx.db, { id: location.locationId, code: location.code });
  await recordSafely(ctx, { action: 'location.settings_updated', actor: { id: principal.userId }, tenant: { locationId: location.locationId, organizationId: tenantOf(principal).organizationId }, origin, details: { changed: Object.keys(change).sort() } });
  return presentSettings({ ...location, settings });
}

/** The city an administrator acts on (its imports, its settings): an ADMIN names any; a SUPERUSER only its own (another city is "not found"). */
export async function adminScope(ctx: AppContext, principal: Principal, code: string) {
  if (principal.role !== 'ADMIN' && principal.role !== 'SUPERUSER') throw new AppError('ACCESS_DENIED', 'Only an administrator can import a city’s data');
  return resolveLocation(ctx.db, principal, { cityCode: code });
}


import type { Db } from '../../db/client';
import type { Principal } from '../auth/guard';
import { notFound } from '../errors';
import { createReadCache } from '../read-cache';
import { resolveLocation as resolveTenant } from '../tenancy';

/** The location (tenant) a civic-data request reads or writes. */
export interface LocationScope {
  locationId: string;
  code: string;
  name: string;
  stateCode: string;
}

/**
 * A PGlite round trip costs about 0.8 ms of the one event loop; every civic-data request names its
 * location, and locations change only on import: their rows are read from memory (read-cache.ts).
 */
const locations = createReadCache<Awaited<ReturnType<typeof resolveTenant>>>({ name: 'locations', ttlMs: 60_000, maxEntries: 1_000 });

/**
 * platform/tenancy's rule (decision 008: own city by default, ADMIN any, anyone else 404) plus the
 * spec's `state_code`: a state that is not the city's answers 404 like an unknown city.
 */
export async function resolveLocation(
  db: Db,
  principal: Principal,
  requested: { cityCode?: string | null; stateCode?: string | null } = {},
): Promise<LocationScope> {
  // Remembered per everything the rule and the lookup depend on, so the rule still decides every call.
  const key = [requested.cityCode?.trim().toUpperCase() ?? '', principal.locationId, principal.locationCode.toUpperCase(), principal.role === 'ADMIN'].join('|');
  const location = (await locations.get(db, key, () => resolveTenant(db, principal, requested.cityCode)))!;
  const stateCode = requested.stateCode?.trim().toUpperCase();
  if (stateCode && stateCode !== location.stateCode.toUpperCase()) throw notFound('Location');
  return { locationId: location.id, code: location.code, name: location.name, stateCode: location.stateCode };
}

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations } from '../db/schema';
import type { Principal } from './auth/guard';
import { notFound } from './errors';
import { createReadCache } from './read-cache';

/** The location (tenant) a request reads or writes; repos take its `locationId`. */
export interface LocationScope {
  locationId: string;
  code: string;
  name: string;
  stateCode: string;
  municipalCodeEnabled: boolean;
  /** The city's own settings as stored (modules/locations/settings.ts reads them with the defaults). */
  settings: unknown;
}

/** The place's own name and code together ("City and County of San Francisco SF"): words of it name no subject of a question about its law. */
export const placeWordsOf = (location: Pick<LocationScope, 'name' | 'code'>) => `${location.name} ${location.code}`;

/**
 * A PGlite round trip costs about 0.8 ms of the one event loop; every civic-data request names its
 * location, and locations change only on import: their rows are read from memory (read-cache.ts).
 */
const scopes = createReadCache<LocationScope>({ name: 'locations', ttlMs: 60_000, maxEntries: 1_000 });

/**
 * The location (tenant) a request reads or writes (decision 008): the caller's own by default; an
 * ADMIN may name any location by code; anyone else naming another location gets "not found", the
 * same answer as for a location that does not exist, so nothing leaks across tenants. A named
 * `stateCode` (spec's `state_code`) that is not the city's state answers "not found" too.
 */
export async function resolveLocation(
  db: Db,
  principal: Principal,
  requested: { cityCode?: string | null; stateCode?: string | null } = {},
): Promise<LocationScope> {
  const wanted = requested.cityCode?.trim().toUpperCase();
  if (wanted && wanted !== principal.locationCode.toUpperCase() && principal.role !== 'ADMIN') throw notFound('Location');
  // Remembered per what the lookup reads; the rule above still decides every call.
  const key = wanted ? `code|${wanted}` : `id|${principal.locationId}`;
  const location = await scopes.get(db, key, async () => {
    const [row] = await db
      .select({ locationId: locations.id, code: locations.code, name: locations.name, stateCode: locations.stateCode, municipalCodeEnabled: locations.municipalCodeEnabled, settings: locations.settings })
      .from(locations)
      .where(wanted ? eq(locations.code, wanted) : eq(locations.id, principal.locationId))
      .limit(1);
    return row;
  });
  if (!location) throw notFound('Location');
  const stateCode = requested.stateCode?.trim().toUpperCase();
  if (stateCode && stateCode !== location.stateCode.toUpperCase()) throw notFound('Location');
  return { ...location };
}

/** A location changed (its code was imported, its settings saved): every process reads it again. */
export function forgetLocationScope(db: Db, location: { id: string; code: string }) {
  scopes.forget(db, `code|${location.code.toUpperCase()}`);
  scopes.forget(db, `id|${location.id}`);
}

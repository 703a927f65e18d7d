import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations } from '../db/schema';
import type { Principal } from './auth/guard';
import { notFound } from './errors';

export interface LocationScope {
  id: string;
  code: string;
  name: string;
  stateCode: string;
  municipalCodeEnabled: boolean;
}

/**
 * The location (tenant) a request reads or writes (decisions.md): the caller's own by default; an
 * ADMIN may name any location by code; anyone else naming another location gets "not found", the
 * same answer as for a location that does not exist, so nothing leaks across tenants.
 */
export async function resolveLocation(db: Db, principal: Principal, cityCode?: string | null): Promise<LocationScope> {
  const wanted = cityCode?.trim().toUpperCase();
  if (wanted && wanted !== principal.locationCode.toUpperCase() && principal.role !== 'ADMIN') throw notFound('Location');
  const [row] = await db
    .select({ id: locations.id, code: locations.code, name: locations.name, stateCode: locations.stateCode, municipalCodeEnabled: locations.municipalCodeEnabled })
    .from(locations)
    .where(wanted ? eq(locations.code, wanted) : eq(locations.id, principal.locationId))
    .limit(1);
  if (!row) throw notFound('Location');
  return row;
}

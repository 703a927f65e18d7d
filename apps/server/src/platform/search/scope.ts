import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import type { Principal } from '../auth/guard';
import { notFound } from '../errors';

/** The location (tenant) a civic-data request reads or writes. */
export interface LocationScope {
  locationId: string;
  code: string;
  name: string;
  stateCode: string;
}

/**
 * Resolves `city_code`/`state_code` against the caller. A non-ADMIN reads only its own location:
 * naming another answers 404 like a missing record, so other cities' existence does not leak.
 * ADMIN may name any location and defaults to its own (decisions.md "Tenancy and ownership").
 */
export async function resolveLocation(
  db: Db,
  principal: Principal,
  requested: { cityCode?: string | null; stateCode?: string | null } = {},
): Promise<LocationScope> {
  const cityCode = requested.cityCode?.trim().toUpperCase() || principal.locationCode;
  if (principal.role !== 'ADMIN' && cityCode !== principal.locationCode.toUpperCase()) throw notFound('Location');
  const [row] = await db
    .select({ id: locations.id, code: locations.code, name: locations.name, stateCode: locations.stateCode })
    .from(locations)
    .where(eq(locations.code, principal.role === 'ADMIN' ? cityCode : principal.locationCode))
    .limit(1);
  if (!row) throw notFound('Location');
  const stateCode = requested.stateCode?.trim().toUpperCase();
  if (stateCode && stateCode !== row.stateCode.toUpperCase()) throw notFound('Location');
  return { locationId: row.id, code: row.code, name: row.name, stateCode: row.stateCode };
}

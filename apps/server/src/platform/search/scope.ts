import type { Db } from '../../db/client';
import type { Principal } from '../auth/guard';
import { notFound } from '../errors';
import { resolveLocation as resolveTenant } from '../tenancy';

/** The location (tenant) a civic-data request reads or writes. */
export interface LocationScope {
  locationId: string;
  code: string;
  name: string;
  stateCode: string;
}

/**
 * platform/tenancy's rule (decision 008: own city by default, ADMIN any, anyone else 404) plus the
 * spec's `state_code`: a state that is not the city's answers 404 like an unknown city.
 */
export async function resolveLocation(
  db: Db,
  principal: Principal,
  requested: { cityCode?: string | null; stateCode?: string | null } = {},
): Promise<LocationScope> {
  const location = await resolveTenant(db, principal, requested.cityCode);
  const stateCode = requested.stateCode?.trim().toUpperCase();
  if (stateCode && stateCode !== location.stateCode.toUpperCase()) throw notFound('Location');
  return { locationId: location.id, code: location.code, name: location.name, stateCode: location.stateCode };
}

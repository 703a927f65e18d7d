import { isHttpUrl } from '@civicdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, organizations } from '../../db/schema';

/** A location as the API answers it (the contract's `locationSchema`). */
export const locationColumns = {
  id: locations.id,
  name: locations.name,
  code: locations.code,
  state_code: locations.stateCode,
  code_site_url: locations.codeSiteUrl,
  municipal_code_enabled: locations.municipalCodeEnabled,
};

/** A code site that is not an http(s) address (written before the rule existed) is answered as none. */
export async function listLocations(db: Db, only?: { id?: string; municipalCodeEnabled?: boolean }) {
  const q = db.select(locationColumns).from(locations).$dynamic();
  if (only?.id) q.where(eq(locations.id, only.id));
  else if (only?.municipalCodeEnabled) q.where(eq(locations.municipalCodeEnabled, true));
  const rows = await q.orderBy(asc(locations.name));
  return rows.map((row) => ({ ...row, code_site_url: isHttpUrl(row.code_site_url) ? row.code_site_url : null }));
}

export function listOrganizations(db: Db, only?: { id: string }) {
  const q = db
    .select({ id: organizations.id, name: organizations.name, location_code: locations.code })
    .from(organizations)
    .leftJoin(locations, eq(locations.id, organizations.locationId))
    .$dynamic();
  if (only) q.where(eq(organizations.id, only.id));
  return q.orderBy(asc(organizations.name));
}

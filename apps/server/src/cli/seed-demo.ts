import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSIONS, isHttpUrl, type Role } from '@civicdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations, organizations, users } from '../db/schema';
import { hashPassword, verifyPassword } from '../platform/auth/passwords';

export const DEMO_LOCATION = {
  code: 'DC',
  name: 'District of Columbia',
  stateCode: 'DC',
  codeSiteUrl: 'https://code.dccouncil.gov/us/dc/council/code',
};
export const DEMO_ORGANIZATION = 'District of Columbia Government';

export const DEMO_ACCOUNTS: { email: string; role: Role; firstName: string; lastName: string }[] = [
  { email: 'admin@civicdesk.test', role: 'ADMIN', firstName: 'Avery', lastName: 'Adams' },
  { email: 'superuser@civicdesk.test', role: 'SUPERUSER', firstName: 'Sam', lastName: 'Sutton' },
  { email: 'mayor@civicdesk.test', role: 'MAYOR', firstName: 'Morgan', lastName: 'Mayfield' },
  { email: 'staff@civicdesk.test', role: 'STAFF', firstName: 'Taylor', lastName: 'Stanton' },
  { email: 'councillor@civicdesk.test', role: 'CITY_COUNCILLOR', firstName: 'Casey', lastName: 'Cole' },
  { email: 'clerk@civicdesk.test', role: 'CLERK', firstName: 'Jordan', lastName: 'Clarke' },
  { email: 'manager@civicdesk.test', role: 'CITY_MANAGER', firstName: 'Riley', lastName: 'Manning' },
];

/** The demo location and its organization; returns their ids. Idempotent. */
export async function ensureLocation(
  db: Db,
  loc: { code: string; name: string; stateCode: string; codeSiteUrl?: string | null },
  organizationName: string,
) {
  if (loc.codeSiteUrl && !isHttpUrl(loc.codeSiteUrl)) {
    throw new Error(`The code site of ${loc.code} must be an http(s) address, not "${loc.codeSiteUrl}"`);
  }
  await db
    .insert(locations)
    .values({ id: randomUUID(), code: loc.code, name: loc.name, stateCode: loc.stateCode, codeSiteUrl: loc.codeSiteUrl ?? null })
    .onConflictDoNothing({ target: locations.code });
  const [location] = await db.select().from(locations).where(eq(locations.code, loc.code));
  await db
    .insert(organizations)
    .values({ id: randomUUID(), name: organizationName, locationId: location.id })
    .onConflictDoNothing({ target: organizations.name });
  const [organization] = await db.select().from(organizations).where(eq(organizations.name, organizationName));
  return { locationId: location.id, organizationId: organization.id };
}

/**
 * One account per role in the demo city. Missing accounts are created; when the password was
 * given explicitly (DEMO_PASSWORD), existing demo accounts are brought back to it.
 */
export async function seedDemoAccounts(db: Db, password: string, passwordIsExplicit: boolean) {
  const { locationId, organizationId } = await ensureLocation(db, DEMO_LOCATION, DEMO_ORGANIZATION);
  const passwordHash = await hashPassword(password);
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${account.email}`);
    if (!existing) {
      await db.insert(users).values({
        id: randomUUID(),
        email: account.email,
        userName: account.email.split('@')[0],
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash,
        role: account.role,
        featurePermissions: DEFAULT_PERMISSIONS[account.role],
        locationId,
        organizationId,
        status: 'ACTIVE',
      });
      created++;
    } else if (passwordIsExplicit && !(await verifyPassword(existing.passwordHash, password))) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    }
  }
  return { created };
}

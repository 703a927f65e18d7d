import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PERMISSIONS, type Permission, type Role } from '@civicdesk/contract';
import { ensureLocation } from '../cli/seed-demo';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { type CityFiles, importCity } from '../imports/import-city';
import { silentProgress } from '../imports/progress';
import { hashPassword } from '../platform/auth/passwords';
import { TEST_PASSWORD } from './harness';

/** The fictional City of Example (test/fixtures/example-city): small, known data for API tests. */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/example-city');
export const EXAMPLE_FILES: Required<CityFiles> = {
  legislation: path.join(dir, 'legislation.jsonl'),
  meetings: path.join(dir, 'meetings.jsonl'),
  agenda_items: path.join(dir, 'agenda-items.jsonl'),
  code: path.join(dir, 'code.jsonl'),
};

/** Creates a location (default EX, City of Example) and imports the fixture files into it. */
export async function seedExampleCity(db: Db, location = { code: 'EX', name: 'City of Example', stateCode: 'EX' }) {
  const { locationId, organizationId } = await ensureLocation(db, location, `${location.name} Government`);
  const reports = await importCity(db, { locationId, files: EXAMPLE_FILES, progress: silentProgress });
  return { locationId, organizationId, reports };
}

/** A user of the given location, signing in with TEST_PASSWORD; its role's default permissions unless given. */
export async function createUser(
  db: Db,
  opts: { email: string; role: Role; locationId: string; organizationId: string; permissions?: Permission[] },
) {
  const id = `user-${opts.email}`;
  await db.insert(users).values({
    id,
    email: opts.email,
    userName: opts.email,
    firstName: 'Test',
    lastName: opts.role,
    passwordHash: await hashPassword(TEST_PASSWORD),
    role: opts.role,
    featurePermissions: opts.permissions ?? DEFAULT_PERMISSIONS[opts.role],
    locationId: opts.locationId,
    organizationId: opts.organizationId,
  });
  return id;
}

import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_PERMISSIONS } from '@civicdesk/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { ensureLocation } from './seed-demo';

/** npm run create-admin -- --email a@b.gov [--password ...] [--location DC --location-name "..." --state DC] */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: 'User' },
    location: { type: 'string', default: 'DC' },
    'location-name': { type: 'string', default: 'District of Columbia' },
    state: { type: 'string', default: 'DC' },
    organization: { type: 'string', default: 'District of Columbia Government' },
  },
});

async function main() {
  if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
    console.error('Usage: npm run create-admin -- --email admin@example.gov [--password "at least 12 chars"]');
    process.exit(2);
  }
  const password = values.password ?? randomBytes(12).toString('base64url');
  if (password.length < 12) {
    console.error('The password must be at least 12 characters.');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const email = values.email.toLowerCase();
  const [existing] = await database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing) {
    console.error(`A user with the email ${email} already exists.`);
    await database.close();
    process.exit(1);
  }
  const { locationId, organizationId } = await ensureLocation(
    database.db,
    { code: values.location!.toUpperCase(), name: values['location-name']!, stateCode: values.state!.toUpperCase() },
    values.organization!,
  );
  await database.db.insert(users).values({
    id: randomUUID(),
    email,
    userName: email,
    firstName: values['first-name']!,
    lastName: values['last-name']!,
    passwordHash: await hashPassword(password),
    role: 'ADMIN',
    featurePermissions: DEFAULT_PERMISSIONS.ADMIN,
    locationId,
    organizationId,
    status: 'ACTIVE',
  });
  console.log(`Created ADMIN ${email}${values.password ? '' : ` with password: ${password}`}`);
  await database.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

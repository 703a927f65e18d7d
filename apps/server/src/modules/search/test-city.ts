import { randomUUID } from 'node:crypto';
import type { Role } from '@civicdesk/contract';
import { agendaItems, legislation } from '../../db/schema';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp } from '../../test/harness';

/**
 * The API test world of the Smart Search modules: the City of Example (EX) with a user per role
 * asked for, and a second city (OT, the same fixtures) whose records must never show up for EX.
 */
export async function createSearchTestApp(roles: Role[] = ['CLERK'], env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const ex = await seedExampleCity(t.db);
  const ot = await seedExampleCity(t.db, { code: 'OT', name: 'Other Town', stateCode: 'OT' });
  const emails: Partial<Record<Role, string>> = {};
  for (const role of roles) {
    emails[role] = `ex-${role.toLowerCase()}@example.test`;
    await createUser(t.db, { email: emails[role]!, role, ...ex });
  }
  await createUser(t.db, { email: 'ot-clerk@other-town.test', role: 'CLERK', ...ot });
  const get = async (url: string, email = emails[roles[0]]!) => t.app.inject({ url, headers: await t.auth(email) });
  return { ...t, ex, ot, emails, get, otherTownEmail: 'ot-clerk@other-town.test' };
}
export type SearchTestApp = Awaited<ReturnType<typeof createSearchTestApp>>;

/** A law of the given location, for tests that need a record the fixtures lack. */
export async function addLaw(
  t: SearchTestApp,
  locationId: string,
  fields: Partial<typeof legislation.$inferInsert> & { title: string },
) {
  const id = randomUUID();
  await t.db.insert(legislation).values({ id, locationId, sourceId: `T-${id.slice(0, 8)}`, kind: 'law', status: 'Effective', ...fields });
  return id;
}

export async function addAgendaItem(
  t: SearchTestApp,
  locationId: string,
  fields: Partial<typeof agendaItems.$inferInsert> & { title: string },
) {
  const id = randomUUID();
  await t.db.insert(agendaItems).values({ id, locationId, ...fields });
  return id;
}

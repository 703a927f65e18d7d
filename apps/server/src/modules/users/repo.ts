import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, oneTimeCodes, organizations, users } from '../../db/schema';
import { forgetSessionState } from '../../platform/auth/session-cache';

/** All SQL of accounts: users, their location and organization, and one-time codes. */
export const userColumns = {
  id: users.id,
  email: users.email,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  passwordHash: users.passwordHash,
  role: users.role,
  featurePermissions: users.featurePermissions,
  status: users.status,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
  locationId: users.locationId,
  locationName: locations.name,
  locationCode: locations.code,
  locationStateCode: locations.stateCode,
  organizationId: users.organizationId,
  organizationName: organizations.name,
};

export type UserRecord = Awaited<ReturnType<typeof findUsers>>[number];

function findUsers(db: Db) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .$dynamic();
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const [row] = await findUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const [row] = await findUsers(db).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

/** Login accepts an email or a user name. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRecord | undefined> {
  const value = identifier.trim().toLowerCase();
  const [row] = await findUsers(db)
    .where(sql`lower(${users.email}) = ${value} or lower(${users.userName}) = ${value}`)
    .limit(1);
  return row;
}

export async function userNameTaken(db: Db, userName: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = ${userName.toLowerCase()}`)
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export function listUsers(db: Db, scope: { locationId: string; organizationId?: string }) {
  const where = scope.organizationId
    ? and(eq(users.locationId, scope.locationId), eq(users.organizationId, scope.organizationId))
    : eq(users.locationId, scope.locationId);
  return findUsers(db).where(where).orderBy(asc(users.lastName), asc(users.firstName));
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  await db.insert(users).values(values);
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
  forgetSessionState(db, id);
}

export async function bumpTokenVersion(db: Db, id: string) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
  forgetSessionState(db, id);
}

export async function deleteUser(db: Db, id: string) {
  await db.delete(users).where(eq(users.id, id));
  forgetSessionState(db, id);
}

/**
 * Writes to one user and what stands or falls with them (its audit record) in one transaction. The
 * user's cached session state is dropped once the transaction has committed: dropped before, another
 * request could read the old row back into the cache in between.
 */
export async function inUserTransaction<T>(db: Db, userId: string, write: (tx: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction((tx) => write(tx as unknown as Db));
  forgetSessionState(db, userId);
  return result;
}

export async function findLocationByCode(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(sql`upper(${locations.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return row;
}

export async function findLocationById(db: Db, id: string) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

export async function findOrganizationByName(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(sql`lower(${organizations.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findFirstOrganizationOfLocation(db: Db, locationId: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.locationId, locationId))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  return row;
}

export async function insertOrganization(db: Db, values: typeof organizations.$inferInsert) {
  await db.insert(organizations).values(values);
}

// One-time codes (invitation and password reset) ---------------------------------------------

export type CodePurpose = 'INVITE' | 'RESET';

/** A new code retires every earlier unused one of the same purpose (kept for the resend count). */
export async function replaceCode(db: Db, values: typeof oneTimeCodes.$inferInsert) {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeCodes.userId, values.userId), eq(oneTimeCodes.purpose, values.purpose), isNull(oneTimeCodes.usedAt)));
    await tx.insert(oneTimeCodes).values(values);
  });
}

export async function findLatestCode(db: Db, userId: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

export async function countCodesSince(db: Db, userId: string, purpose: CodePurpose, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), sql`${oneTimeCodes.createdAt} >= ${since}`));
  return row?.n ?? 0;
}

export async function recordCodeAttempt(db: Db, codeId: string) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, codeId));
}

export async function markCodeUsed(db: Db, codeId: string) {
  await db.update(oneTimeCodes).set({ usedAt: new Date() }).where(eq(oneTimeCodes.id, codeId));
}

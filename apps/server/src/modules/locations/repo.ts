import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locationFeeds, locationImports, locations } from '../../db/schema';
import { locationColumns } from '../reference/repo';

export type ImportRow = typeof locationImports.$inferSelect;

export async function locationCodeOf(db: Db, id: string) {
  const [row] = await db.select({ code: locations.code }).from(locations).where(eq(locations.id, id)).limit(1);
  return row?.code;
}

/** A new location as the API answers it; null when its code is taken (also when another process took it a moment ago). */
export async function insertLocation(db: Db, row: typeof locations.$inferInsert) {
  const [created] = await db.insert(locations).values(row).onConflictDoNothing({ target: locations.code }).returning(locationColumns);
  return created ?? null;
}

export async function insertImport(db: Db, row: typeof locationImports.$inferInsert) {
  await db.insert(locationImports).values(row);
}

export async function importById(db: Db, id: string) {
  const [row] = await db.select().from(locationImports).where(eq(locationImports.id, id)).limit(1);
  return row;
}

export async function importOf(db: Db, locationId: string, id: string) {
  const [row] = await db
    .select()
    .from(locationImports)
    .where(and(eq(locationImports.locationId, locationId), eq(locationImports.id, id)))
    .limit(1);
  return row;
}

export function importsOf(db: Db, locationId: string, limit = 50) {
  return db.select().from(locationImports).where(eq(locationImports.locationId, locationId)).orderBy(desc(locationImports.createdAt)).limit(limit);
}

export async function updateImport(db: Db, id: string, set: Partial<typeof locationImports.$inferInsert>) {
  await db.update(locationImports).set(set).where(eq(locationImports.id, id));
}

export type FeedRow = typeof locationFeeds.$inferSelect;

/** The city's feed of a source, created or brought up to date by an import of it. */
export async function upsertFeed(db: Db, row: Omit<typeof locationFeeds.$inferInsert, 'id'>) {
  const { locationId: _l, source: _s, ...set } = row;
  await db
    .insert(locationFeeds)
    .values({ id: randomUUID(), ...row })
    .onConflictDoUpdate({ target: [locationFeeds.locationId, locationFeeds.source], set: { ...set, updatedAt: new Date() } });
}

export async function feedOf(db: Db, locationId: string, source: string) {
  const [row] = await db.select().from(locationFeeds).where(and(eq(locationFeeds.locationId, locationId), eq(locationFeeds.source, source))).limit(1);
  return row;
}

export async function feedById(db: Db, id: string) {
  const [row] = await db.select().from(locationFeeds).where(eq(locationFeeds.id, id)).limit(1);
  return row;
}

export async function updateFeed(db: Db, id: string, set: Partial<typeof locationFeeds.$inferInsert>) {
  await db.update(locationFeeds).set({ ...set, updatedAt: new Date() }).where(eq(locationFeeds.id, id));
}

/** What the city's settings are read from (settings.ts), by its id. */
export async function settingsOwnerById(db: Db, id: string) {
  const [row] = await db.select({ code: locations.code, name: locations.name, stateCode: locations.stateCode, settings: locations.settings }).from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

export async function saveSettings(db: Db, id: string, settings: Record<string, unknown>) {
  await db.update(locations).set({ settings }).where(eq(locations.id, id));
}

/** Adds to an import's counts in one statement (the vectors job writes while the row is read). */
export async function mergeImportCounts(db: Db, id: string, counts: Record<string, number>) {
  await db.update(locationImports).set({ counts: sql`${locationImports.counts} || ${JSON.stringify(counts)}::jsonb` }).where(eq(locationImports.id, id));
}

export async function appendImportProblem(db: Db, id: string, problem: { file: string; where: string; message: string }) {
  await db.update(locationImports).set({ problems: sql`${locationImports.problems} || ${JSON.stringify([problem])}::jsonb` }).where(eq(locationImports.id, id));
}

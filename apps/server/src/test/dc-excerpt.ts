import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations } from '../db/schema';
import { importCity } from '../imports/import-city';
import { silentProgress } from '../imports/progress';

/** An excerpt of the real D.C. Code (fixtures/dc-excerpt, 495 sections) imported into the demo location (DC). */
export async function loadDcExcerpt(db: Db): Promise<string> {
  const [dc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'DC'));
  const code = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/dc-excerpt/code.jsonl');
  await importCity(db, { locationId: dc.id, files: { code }, progress: silentProgress });
  return dc.id;
}

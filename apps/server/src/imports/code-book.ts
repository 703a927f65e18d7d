import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codeSections, locations } from '../db/schema';
import { restAfter } from '../platform/workers/slices';
import { storedStatus } from '../platform/retrieval/status';
import { writeCode } from './import-city';
import type { Progress } from './progress';
import type { CodeSectionRecord } from './records';
import { batches } from './upsert';

/**
 * A code book read from the city's own files (issue 21) stored as the location's code, a batch at a
 * time (issue 29): every batch is one statement of its own, never one transaction over the whole
 * book, so other users' requests run between two batches on the embedded database as on a server.
 * The embedded database runs on the event loop: a batch of 50 sections (their words indexed as they
 * are written) holds it some 30-60 ms, 200 about 200 ms; after each batch the import rests as long as
 * it worked (restAfter), so other requests have the database half the time.
 * The plan (what the book would remove) is made first, so an import that would empty the code is
 * refused before anything is written. A run cut off halfway is finished by the job's retry, which
 * stores the same sections again (upserts by source id).
 */
export const CODE_BOOK_BATCH = 50;

export interface CodeBookDiff {
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
}

export interface CodeBookPlan {
  /** Sections the city has now. */
  existing: number;
  /** Our ids of the stored sections the new book does not have. */
  removed: string[];
}

/** What storing a book of these section ids would remove from the city's code. */
export async function planCodeBook(db: Db, locationId: string, ids: Iterable<string>): Promise<CodeBookPlan> {
  const incoming = new Set(ids);
  const stored = await db.select({ id: codeSections.id, sourceId: codeSections.sourceId }).from(codeSections).where(eq(codeSections.locationId, locationId));
  return { existing: stored.length, removed: stored.filter((r) => !incoming.has(r.sourceId)).map((r) => r.id) };
}

const statusOf = (r: CodeSectionRecord) => storedStatus(r);

/** Stores the book's sections as they come, batch by batch, then removes what the plan said; the city's code is on. */
export async function storeCodeBook(db: Db, locationId: string, sections: AsyncIterable<CodeSectionRecord[]>, plan: CodeBookPlan, total: number, progress: Progress): Promise<CodeBookDiff> {
  const diff: CodeBookDiff = { added: 0, changed: 0, unchanged: 0, removed: plan.removed.length };
  progress.start('code sections', total + plan.removed.length);
  let position = 0;
  for await (const batch of sections) {
    const startedAt = performance.now();
    const before = new Map(
      (
        await db
          .select({ sourceId: codeSections.sourceId, number: codeSections.number, title: codeSections.title, path: codeSections.path, status: codeSections.status, text: codeSections.text })
          .from(codeSections)
          .where(and(eq(codeSections.locationId, locationId), inArray(codeSections.sourceId, batch.map((r) => r.id))))
      ).map((r) => [r.sourceId, r]),
    );
    for (const r of batch) {
      const old = before.get(r.id);
      if (!old) diff.added++;
      else if (old.number !== r.number || old.title !== r.title || old.path !== r.path || old.text !== r.text || old.status !== statusOf(r)) diff.changed++;
      else diff.unchanged++;
    }
    await writeCode(db, locationId, batch, progress, position);
    position += batch.length;
    await restAfter(startedAt);
  }
  for (const batch of batches(plan.removed, 500)) {
    const startedAt = performance.now();
    await db.delete(codeSections).where(and(eq(codeSections.locationId, locationId), inArray(codeSections.id, batch)));
    progress.tick(batch.length);
    await restAfter(startedAt);
  }
  await db.update(locations).set({ municipalCodeEnabled: position > 0 }).where(eq(locations.id, locationId));
  progress.done(`${position.toLocaleString('en-US')} sections: ${diff.added} added, ${diff.changed} changed, ${diff.unchanged} unchanged, ${diff.removed} removed`);
  return diff;
}

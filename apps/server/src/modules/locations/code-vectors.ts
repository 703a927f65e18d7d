import type { AppContext } from '../../platform/context';
import { announceImport } from '../../platform/imports-announce';
import { EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, embeddingHash, embeddingText } from '../../platform/retrieval/embedding-text';
import { shippedVectors } from '../../platform/retrieval/registry';
import { locationVectors, saveLocationVectors, sectionsForIndex } from '../../platform/retrieval/repo';
import { quantizeRows, rowVector, type SectionVectors, type VectorRow } from '../../platform/retrieval/vectors-file';
import { runInWorker } from '../../platform/workers/run';
import * as repo from './repo';

/**
 * The meaning vectors of a city's code, built after its code import (issue 21): every in-force
 * section's embedded text through the offline model, in worker threads (about 60 ms a section on one
 * core: the San Francisco code takes minutes), a chunk at a time so the import's row shows the count
 * done. Vectors already made for the same text (the city's own, the shipped ones) are kept. Until
 * they are stored, the city's sections rank on their words; then every process rebuilds its index.
 */
export const CODE_VECTORS_JOB = 'code-vectors';
const CHUNK = 256;
const DIMS = 512;

function reusable(sets: (SectionVectors | null)[]) {
  const byHash = new Map<string, Float32Array>();
  for (const set of sets) {
    if (!set || set.model !== EMBEDDING_MODEL || set.textVersion !== EMBEDDING_TEXT_VERSION || set.dims !== DIMS) continue;
    set.hashes.forEach((hash, r) => byHash.set(hash, rowVector(set, r)));
  }
  return byHash;
}

export async function buildCodeVectors(ctx: AppContext, input: { locationId: string; importId: string }) {
  const sections = (await sectionsForIndex(ctx.db, input.locationId)).filter((s) => s.status === 'in_force');
  const known = reusable([await locationVectors(ctx.db, input.locationId), await shippedVectors()]);
  const rows: VectorRow[] = [];
  const pending: { id: string; hash: string; text: string }[] = [];
  for (const s of sections) {
    const doc = { title: s.title, chapterTitle: s.chapterTitle, subchapterTitle: s.subchapterTitle, text: s.text };
    const hash = embeddingHash(doc);
    const vector = known.get(hash);
    if (vector) rows.push({ id: s.id, hash, vector });
    else pending.push({ id: s.id, hash, text: embeddingText(doc) });
  }
  const count = (done: number) => repo.mergeImportCounts(ctx.db, input.importId, { vectors: done, vectors_total: sections.length });
  // "All of them" is said only once they are stored: the admin panel (and a test) reads the count as done.
  const progress = (done: number) => count(Math.max(0, Math.min(done, sections.length - 1)));
  await progress(rows.length);
  for (let i = 0; i < pending.length; i += CHUNK) {
    const chunk = pending.slice(i, i + CHUNK);
    // A thread per chunk: the model loads in about a second; the event loop never runs the model.
    const vectors = await runInWorker<Float32Array[]>('query-embedder', 'embed', chunk.map((p) => p.text));
    chunk.forEach((p, k) => rows.push({ id: p.id, hash: p.hash, vector: vectors[k] }));
    await progress(rows.length);
  }
  await saveLocationVectors(ctx.db, input.locationId, quantizeRows(EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, DIMS, rows));
  await count(rows.length);
  await announceImport(ctx.database, { locationId: input.locationId, datasets: ['code'] });
  ctx.log.info({ locationId: input.locationId, sections: sections.length, embedded: pending.length }, 'code vectors built');
}

export function defineCodeVectorsJob(ctx: AppContext) {
  ctx.jobs.define<{ locationId: string; importId: string }>(
    CODE_VECTORS_JOB,
    async (input, job) => {
      try {
        await buildCodeVectors(ctx, input);
      } catch (err) {
        // Said where the admin looks, and logged: the sections keep ranking on their words.
        if (job.lastAttempt) {
          ctx.log.error({ err, locationId: input.locationId }, 'code vectors could not be built');
          await repo.mergeImportCounts(ctx.db, input.importId, { vectors_failed: 1 });
          await repo.appendImportProblem(ctx.db, input.importId, { file: 'code', where: 'meaning vectors', message: 'could not be built: the sections rank on their words; import again to retry' });
          return;
        }
        throw err;
      }
    },
    // SF's 6,779 sections take about 7 minutes on one core, the largest import allowed (153,681 sections,
    // decision 036) about two and a half hours. A job whose process died is taken up at once anyway
    // (decision 025), so the expiry only has to outlast the longest honest run.
    { retryLimit: 1, expireInSeconds: 6 * 3600 },
  );
}

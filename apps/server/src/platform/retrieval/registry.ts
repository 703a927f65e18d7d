import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { DEMO_DATA_DIR } from '../../imports/demo';
import { buildCodeIndex, type CodeIndex, readSectionVectors, type SectionVectors } from './index';
import { simdAvailable } from './kernel/dots';
import { locationVectors, sectionsForIndex } from './repo';

/**
 * Precomputed section vectors shipped with the demo data (see data/demo/README.md). Rows are
 * matched by the hash of the embedded text, so they serve any city whose sections are the same
 * text; other sections rank on the lexical signals alone.
 */
export const SHIPPED_VECTORS = path.join(DEMO_DATA_DIR, 'dc-code-vectors.bin');

/** The shipped vectors (the demo city's), read once per process. */
let shipped: Promise<SectionVectors | null> | undefined;
export const shippedVectors = () => (shipped ??= existsSync(SHIPPED_VECTORS) ? readSectionVectors(SHIPPED_VECTORS) : Promise.resolve(null));

/**
 * One retrieval index per location, built from its code sections on first use (or warmed at
 * start) and rebuilt after an import. Building is shared: concurrent first questions wait for the
 * same build instead of starting their own.
 */
export function createIndexRegistry(db: Db, log: { info: (msg: string) => void; warn: (msg: string) => void; error: (obj: unknown, msg: string) => void }) {
  const indexes = new Map<string, Promise<CodeIndex>>();

  async function build(locationId: string): Promise<CodeIndex> {
    const started = Date.now();
    // A location's own vectors (built after its code import) hold every section it has; else the shipped ones, by hash.
    const [rows, own, shipped] = await Promise.all([sectionsForIndex(db, locationId), locationVectors(db, locationId), shippedVectors()]);
    const sectionVectors = own ?? shipped;
    const index = await buildCodeIndex(
      rows.map((r) => ({ ...r, status: r.status === 'repealed' ? ('repealed' as const) : ('in_force' as const) })),
      { vectors: sectionVectors },
    );
    log.info(`municipal code index for location ${locationId}: ${rows.length} sections (${index.vectorCount} with vectors) in ${Date.now() - started} ms`);
    // Same rankings either way, but each question then spends 12-15 ms more of the event loop.
    if (sectionVectors && !simdAvailable()) log.warn('WebAssembly SIMD is not available in this runtime: meaning vectors are scored by the plain loop (slower, same results)');
    return index;
  }

  return {
    get(locationId: string): Promise<CodeIndex> {
      let index = indexes.get(locationId);
      if (!index) {
        index = build(locationId);
        indexes.set(locationId, index);
        // A failed build is not cached: the next question tries again.
        index.catch((err) => {
          indexes.delete(locationId);
          log.error({ err }, 'municipal code index build failed');
        });
      }
      return index;
    },
    invalidate(locationId: string) {
      indexes.delete(locationId);
    },
    invalidateAll() {
      indexes.clear();
    },
  };
}
export type IndexRegistry = ReturnType<typeof createIndexRegistry>;

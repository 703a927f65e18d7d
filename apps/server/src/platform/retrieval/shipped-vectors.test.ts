import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCodeJsonl } from './code-jsonl';
import { EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, embeddingHash } from './embedding-text';
import { isInForce } from './status';
import { readSectionVectors } from './vectors-file';

const demo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../data/demo');
const vectorsFile = resolve(demo, 'dc-code-vectors.bin');

// The shipped vectors must match the shipped code and the current embedding text: if someone
// changes embeddingText() or the code file without re-running `npm run embed:code`, the dense
// signal silently disappears. This catches it. A missing file fails here; it never skips.
describe('shipped D.C. vectors', () => {
  it('ship with the code', () => {
    expect(existsSync(vectorsFile), `${vectorsFile} is missing: run npm run embed:code`).toBe(true);
  });

  it('decode, use the current model and text version, and cover every in-force section', async () => {
    const vectors = await readSectionVectors(vectorsFile);
    expect(vectors).toMatchObject({ model: EMBEDDING_MODEL, textVersion: EMBEDDING_TEXT_VERSION, dims: 512 });
    const hashes = new Set(vectors.hashes);
    const inForce = (await loadCodeJsonl(resolve(demo, 'dc-code-full.jsonl.gz'))).filter(isInForce);
    const missing = inForce.filter((d) => !hashes.has(embeddingHash(d)));
    expect(missing.map((d) => d.id)).toEqual([]);
    expect(vectors.ids.length).toBe(inForce.length);
  });
});

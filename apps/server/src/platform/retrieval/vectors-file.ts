import { readFile, rename, writeFile } from 'node:fs/promises';

/**
 * Precomputed section vectors, int8-quantised with one float32 scale per row (cosine error
 * about 0.01; a quarter of float32's size). One self-describing file:
 *   "CDVEC001" | u32 LE header length | JSON header {model, textVersion, dims, count, ids, hashes}
 *   | zero padding to 4 bytes | float32 scales[count] | int8 values[count * dims]
 * Rows are matched to sections by `hashes` (the hash of the embedded text, see embedding-text.ts),
 * so a changed section or another city's code simply finds no row.
 */
const MAGIC = 'CDVEC001';

export interface SectionVectors {
  model: string;
  textVersion: number;
  dims: number;
  ids: string[];
  hashes: string[];
  scales: Float32Array;
  values: Int8Array;
}

export interface VectorRow {
  id: string;
  hash: string;
  vector: ArrayLike<number>;
}

export function quantizeRows(model: string, textVersion: number, dims: number, rows: VectorRow[]): SectionVectors {
  const scales = new Float32Array(rows.length);
  const values = new Int8Array(rows.length * dims);
  rows.forEach((row, r) => {
    if (row.vector.length !== dims) throw new Error(`vector of ${row.id} has ${row.vector.length} dimensions, expected ${dims}`);
    let max = 0;
    for (let i = 0; i < dims; i++) max = Math.max(max, Math.abs(row.vector[i]));
    const scale = max / 127 || 1;
    scales[r] = scale;
    for (let i = 0; i < dims; i++) values[r * dims + i] = Math.round(row.vector[i] / scale);
  });
  return { model, textVersion, dims, ids: rows.map((r) => r.id), hashes: rows.map((r) => r.hash), scales, values };
}

/** Row `r` back as floats (for re-writing a file incrementally). */
export function rowVector(v: SectionVectors, r: number): Float32Array {
  const out = new Float32Array(v.dims);
  for (let i = 0; i < v.dims; i++) out[i] = v.values[r * v.dims + i] * v.scales[r];
  return out;
}

export function encodeSectionVectors(v: SectionVectors): Buffer {
  const header = Buffer.from(
    JSON.stringify({ model: v.model, textVersion: v.textVersion, dims: v.dims, count: v.ids.length, ids: v.ids, hashes: v.hashes }),
    'utf8',
  );
  const headEnd = 8 + 4 + header.length;
  const pad = (4 - (headEnd % 4)) % 4;
  const out = Buffer.alloc(headEnd + pad + v.scales.byteLength + v.values.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.length, 8);
  header.copy(out, 12);
  Buffer.from(v.scales.buffer, v.scales.byteOffset, v.scales.byteLength).copy(out, headEnd + pad);
  Buffer.from(v.values.buffer, v.values.byteOffset, v.values.byteLength).copy(out, headEnd + pad + v.scales.byteLength);
  return out;
}

export function decodeSectionVectors(buf: Buffer): SectionVectors {
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a section vectors file (bad magic)');
  const headerLength = buf.readUInt32LE(8);
  const header = JSON.parse(buf.toString('utf8', 12, 12 + headerLength)) as {
    model: string;
    textVersion: number;
    dims: number;
    count: number;
    ids: string[];
    hashes: string[];
  };
  const headEnd = 12 + headerLength;
  const start = headEnd + ((4 - (headEnd % 4)) % 4);
  const { count, dims } = header;
  if (header.ids.length !== count || header.hashes.length !== count) throw new Error('section vectors file: header counts disagree');
  if (buf.length !== start + count * 4 + count * dims) throw new Error('section vectors file: truncated or wrong size');
  // Copy into fresh, aligned arrays: the file buffer's offset need not be a multiple of 4.
  const scales = new Float32Array(count);
  Buffer.from(scales.buffer).set(buf.subarray(start, start + count * 4));
  const values = new Int8Array(count * dims);
  Buffer.from(values.buffer).set(buf.subarray(start + count * 4));
  return { model: header.model, textVersion: header.textVersion, dims, ids: header.ids, hashes: header.hashes, scales, values };
}

export async function readSectionVectors(path: string): Promise<SectionVectors> {
  return decodeSectionVectors(await readFile(path));
}

/** The vectors file, or null when there is none (a city without precomputed vectors). */
export async function readSectionVectorsIfPresent(path: string): Promise<SectionVectors | null> {
  try {
    return await readSectionVectors(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes atomically (temp file + rename), so a reader never sees half a file. */
export async function writeSectionVectors(path: string, v: SectionVectors): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, encodeSectionVectors(v));
  await rename(tmp, path);
}

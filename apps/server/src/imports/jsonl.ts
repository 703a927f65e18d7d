import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** Lines of a JSONL file, plain or gzip (told by its magic bytes, not its name), parsed. */
export async function* readJsonl(file: string): AsyncGenerator<{ line: number; value: unknown }> {
  const gzip = await isGzip(file);
  const raw = createReadStream(file);
  const input = gzip ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    yield { line, value };
  }
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The values of a JSONL file `size` at a time (a spool this process wrote, so every line is a value). */
export async function* jsonlBatches<T>(file: string, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const { value } of readJsonl(file)) {
    batch.push(value as T);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

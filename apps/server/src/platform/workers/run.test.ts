import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInWorker, WorkerLimitError } from './run';

/**
 * Every worker-thread call runs within a heap and a time (issue 29): a code book that needs more
 * than the thread may hold, or reads for longer than it may, stops the thread and fails the call
 * with which limit it passed, in words; the process goes on.
 */
let dir: string;
let bookPath: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-worker-limits-'));
  bookPath = path.join(dir, 'Town.txt');
  const lines: string[] = [];
  for (let n = 1; n <= 60_000; n++) lines.push(`SEC. ${Math.ceil(n / 100)}.${n % 100}.  RULE ${n}.`, `The owner of parcel ${n} shall clear the sidewalk within ${n % 48} hours of a storm.`, '');
  writeFileSync(bookPath, lines.join('\n'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readBook = (limits: { maxHeapMb?: number; timeoutMs?: number }) =>
  runInWorker('city-import-reader', 'readCodeBookFiles', { files: [{ name: 'Town.txt', kind: 'txt', path: bookPath }], cityCode: 'GT', spool: path.join(dir, 'spool.jsonl') }, limits);

describe('a worker thread’s limits', () => {
  it('a call past its time is stopped and fails with the time limit', async () => {
    const error = await readBook({ timeoutMs: 200 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'time', message: 'the work took longer than 0.2 s, the limit' });
  });

  it('a call past its heap is stopped and fails with the memory limit', async () => {
    const error = await readBook({ maxHeapMb: 64 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'memory', message: 'the work needed more than 64 MB of memory, the limit' });
  });

  it('within its limits the same call answers', async () => {
    const reading = await readBook({});
    expect(reading).toMatchObject({ counts: { sections: 60_000 } });
  }, 60_000);
});

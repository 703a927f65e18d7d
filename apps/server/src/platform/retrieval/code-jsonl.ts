import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { CodeSectionDoc } from './types';
import { storedStatus } from './status';

/** One line of data/demo/dc-code-full.jsonl(.gz), the shipped shape of a city's code. */
export interface CodeJsonlRow {
  id: string;
  number: string;
  title: string;
  title_number: string;
  title_name: string;
  chapter_title: string | null;
  subchapter_title: string | null;
  path: string;
  status: string;
  text: string;
}

export function docFromRow(r: CodeJsonlRow): CodeSectionDoc {
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    titleNumber: r.title_number,
    titleName: r.title_name,
    chapterTitle: r.chapter_title,
    subchapterTitle: r.subchapter_title,
    path: r.path,
    status: storedStatus(r),
    text: r.text,
  };
}

/** The whole code file (plain or gzip) as index documents; for the eval and the embed script. */
export async function loadCodeJsonl(path: string): Promise<CodeSectionDoc[]> {
  const raw = await readFile(path);
  const gzip = raw[0] === 0x1f && raw[1] === 0x8b;
  return (gzip ? gunzipSync(raw) : raw)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => docFromRow(JSON.parse(l) as CodeJsonlRow));
}

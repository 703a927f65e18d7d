/**
 * `npm run eval:answers -- --city sf`: the blind San Francisco set (sf-answers-heldout.jsonl, 40
 * questions written without reading the code; see its README), asked of the Knowledge Assistant as the
 * demo ADMIN with city_code SF after San Francisco's code is imported from its own published files
 * (../shared/data/cities/sf-municipal-code, through POST /api/location/SF/imports, as an admin
 * would). Graded as the D.C. sets are (answers.ts); a section is known by its code file and number
 * ("Park.txt", "SEC. 3.21." is the Park Code's Sec. 3.21). Answers are never printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GenerateResponse } from '@civicdesk/contract';
import { multipartBody } from '../src/test/multipart';
import type { startDemoApp } from './demo-app';

const here = dirname(fileURLToPath(import.meta.url));
const SF_DIR = resolve(here, '../../../../shared/data/cities/sf-municipal-code');

export interface CityItem {
  id: string;
  kind: 'answerable' | 'not_in_code';
  question: string;
  code_file: string;
  numbers: string[];
  phrases: string[];
}

/** "SEC. 3.21." -> "3.21"; "Sec. 3.21" -> "3.21". */
export const bareNumber = (n: string) => n.replace(/^.*?\bCode\s+(?=§|Sec\b|Section\b|\d)/i, '').replace(/^\s*(?:SEC(?:TION)?\.?|§)\s*/i, '').replace(/\.\s*$/, '').trim();
/** "Park.txt" -> "park"; a code's name as the product keeps it ("Park Code") starts with it. */
const codeKey = (file: string) => file.replace(/\.txt$/i, '').replace(/^SF|_sf$/gi, '').toLowerCase();

export function sfAvailable() {
  return existsSync(SF_DIR);
}

/**
 * San Francisco's code imported into the demo deployment, and its meaning vectors built (the job
 * after the import, as a deployment has them once it has run): resolves when both are done.
 */
export async function importSf(demo: Awaited<ReturnType<typeof startDemoApp>>, admin: Record<string, string>) {
  const created = await demo.app.inject({ method: 'POST', url: '/api/location', headers: admin, payload: { code: 'SF', name: 'City and County of San Francisco', state_code: 'CA' } });
  if (created.statusCode !== 201 && created.statusCode !== 409) throw new Error(`POST /location answered ${created.statusCode}: ${created.body}`);
  let id: string;
  if (created.statusCode === 409) {
    // Kept from an earlier run (EVAL_DATA_DIR): its last import.
    id = (await demo.app.inject({ url: '/api/location/SF/imports', headers: admin })).json().imports[0].id;
  } else {
    const files = readdirSync(SF_DIR).filter((f) => /\.txt$/.test(f) && f !== 'OrdTable.txt').sort();
    const body = multipartBody({ source: 'code' }, files.map((f) => ({ field: 'files', filename: f, content: readFileSync(join(SF_DIR, f)) })));
    const submitted = await demo.app.inject({ method: 'POST', url: '/api/location/SF/imports', headers: { ...admin, ...body.headers }, payload: body.payload });
    if (submitted.statusCode !== 202) throw new Error(`import answered ${submitted.statusCode}: ${submitted.body}`);
    id = submitted.json().id;
  }
  for (;;) {
    const record = (await demo.app.inject({ url: `/api/location/SF/imports/${id}`, headers: admin })).json();
    if (!['queued', 'running', 'completed'].includes(record.job_state)) throw new Error(`the SF import ended ${record.job_state}: ${record.error}`);
    const c = record.counts ?? {};
    if (record.job_state === 'completed' && c.vectors_total && (c.vectors === c.vectors_total || c.vectors_failed)) return c as Record<string, number>;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Is a listed or cited section (by its id, looked up in the answer's `codes`) one of the item's? */
export function sfMatcher(item: CityItem, answer: GenerateResponse) {
  const want = new Set(item.numbers.map(bareNumber));
  const key = codeKey(item.code_file);
  const byId = new Map(answer.codes.map((c) => [c.id, c]));
  return (id: string, number: string) => {
    if (!want.has(bareNumber(number))) return false;
    const listed = byId.get(id);
    // The same number recurs in each of the city's codes: the code must be the file's.
    return !listed || `${listed.title_name} ${listed.path}`.toLowerCase().includes(key);
  };
}

export function sfItems(): CityItem[] {
  return readFileSync(resolve(here, 'sf-answers-heldout.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CityItem);
}

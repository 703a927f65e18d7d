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
import { storedZip } from '../src/platform/files/zip';
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
    // The same number recurs in each of the city's codes: the code must be the file's ("PublicWorks.txt" is the "Public Works Code").
    return !listed || `${listed.title_name} ${listed.path}`.toLowerCase().replace(/\s+/g, '').includes(key);
  };
}

/** The blind set, or the development set (sf-answers-dev.jsonl, written the same way on 2026-11-30 and read item by item). */
export function sfItems(set: 'heldout' | 'dev' = 'heldout'): CityItem[] {
  return readFileSync(resolve(here, `sf-answers-${set}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CityItem);
}

/**
 * `npm run eval:answers -- --city springboro`: the blind set of a city not used before
 * (newcity-heldout.jsonl, Springboro, Ohio, written without reading the importer or the answer code;
 * see its README), its code imported as an administrator would send a website's 3,145 pages: one zip
 * archive (decision 041). Asked twice: as soon as the import completes (before the meaning vectors)
 * and once they are built. Answers are never printed.
 */
const NEWCITY_DIR = process.env.NEWCITY_DIR ?? '/work/blind-city/springboro-oh/files';

export interface NewCityItem {
  id: string;
  kind: 'answerable' | 'not_in_code';
  question: string;
  sections: string[];
  section_titles: string[];
  phrases: string[];
}

export const newCityAvailable = () => existsSync(NEWCITY_DIR) && existsSync(resolve(here, 'newcity-heldout.jsonl'));

export function newCityItems(): NewCityItem[] {
  return readFileSync(resolve(here, 'newcity-heldout.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as NewCityItem);
}

/** "Section 4.02" and "4.02", "618.14" and "§ 618.14" are one number. */
export const newCityMatcher = (item: NewCityItem) => {
  const want = new Set(item.sections.map(bareNumber));
  return (_id: string, number: string) => want.has(bareNumber(number));
};

function filesUnder(dir: string, out: { name: string; data: Buffer }[] = [], prefix = ''): { name: string; data: Buffer }[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, out, `${prefix}${entry.name}/`);
    else out.push({ name: `${prefix}${entry.name}`, data: readFileSync(path) });
  }
  return out;
}

/** The city's whole published folder as one zip, imported; resolves with the import's id once it has completed (vectors may still be building). */
export async function importNewCity(demo: Awaited<ReturnType<typeof startDemoApp>>, admin: Record<string, string>, code: string) {
  const created = await demo.app.inject({ method: 'POST', url: '/api/location', headers: admin, payload: { code, name: 'City of Springboro', state_code: 'OH' } });
  if (created.statusCode !== 201) throw new Error(`POST /location answered ${created.statusCode}: ${created.body}`);
  const archive = storedZip(filesUnder(NEWCITY_DIR).map((f) => ({ name: f.name, nameBytes: Buffer.from(f.name), utf8: true, data: f.data })));
  const body = multipartBody({ source: 'code' }, [{ field: 'files', filename: 'springboro-code.zip', content: archive }]);
  const started = performance.now();
  const submitted = await demo.app.inject({ method: 'POST', url: `/api/location/${code}/imports`, headers: { ...admin, ...body.headers }, payload: body.payload });
  if (submitted.statusCode !== 202) throw new Error(`import answered ${submitted.statusCode}: ${submitted.body}`);
  const id = submitted.json().id as string;
  for (;;) {
    const record = (await demo.app.inject({ url: `/api/location/${code}/imports/${id}`, headers: admin })).json();
    if (record.job_state === 'completed') return { id, record, seconds: (performance.now() - started) / 1000, archiveBytes: archive.length };
    if (!['queued', 'running'].includes(record.job_state)) throw new Error(`the import ended ${record.job_state}: ${record.error} ${JSON.stringify(record.problems.slice(0, 3))}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Resolves once the city's meaning vectors are built (or failed). */
export async function vectorsBuilt(demo: Awaited<ReturnType<typeof startDemoApp>>, admin: Record<string, string>, code: string, id: string) {
  for (;;) {
    const c = (await demo.app.inject({ url: `/api/location/${code}/imports/${id}`, headers: admin })).json().counts ?? {};
    if (c.vectors_total && (c.vectors === c.vectors_total || c.vectors_failed)) return c as Record<string, number>;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

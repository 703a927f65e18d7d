import path from 'node:path';
import { DEMO_LOCATION, DEMO_ORGANIZATION, ensureLocation } from '../cli/seed-demo';
import type { Db } from '../db/client';
import { REPO_ROOT } from '../paths';
import { type CityFiles, importCity } from './import-city';
import type { Progress } from './progress';

/** The demo city's shipped data (data/demo/, with its provenance README). */
export const DEMO_DATA_DIR = path.join(REPO_ROOT, 'data/demo');

export const DEMO_FILES: Required<CityFiles> = {
  legislation: path.join(DEMO_DATA_DIR, 'dc-legislation.jsonl.gz'),
  meetings: path.join(DEMO_DATA_DIR, 'dc-meetings.jsonl'),
  agenda_items: path.join(DEMO_DATA_DIR, 'dc-agenda-items.jsonl.gz'),
  code: path.join(DEMO_DATA_DIR, 'dc-code-full.jsonl.gz'),
};

/** Imports the District of Columbia on first start; later starts find every file already imported. */
export async function importDemoCity(db: Db, progress: Progress) {
  const { locationId } = await ensureLocation(db, DEMO_LOCATION, DEMO_ORGANIZATION);
  return importCity(db, { locationId, files: DEMO_FILES, progress });
}

/** The demo city's legislation, meetings and agenda items, without its code (what Smart Search reads): the search bench and eval. Answers the location's id. */
export async function importDemoSearchData(db: Db, progress: Progress): Promise<string> {
  const { locationId } = await ensureLocation(db, DEMO_LOCATION, DEMO_ORGANIZATION);
  const { legislation, meetings, agenda_items } = DEMO_FILES;
  await importCity(db, { locationId, files: { legislation, meetings, agenda_items }, progress });
  return locationId;
}

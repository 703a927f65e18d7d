import type { Database } from '../db/client';
import { type CityFiles, importCity } from '../imports/import-city';
import type { Progress } from '../imports/progress';
import { refreshStatistics } from '../imports/statistics';
import { listenForNotices, sendNotice } from './notices';

/**
 * An import made outside the server (`npm run import`, another process) announces what it changed,
 * so every running server process on the database drops what it built from the old data: the
 * Knowledge Assistant's code index of that location (rebuilt on the next question) and the location's
 * search index (rebuilt in the background; searches go through SQL meanwhile). PGlite is one process:
 * an import into it runs while the server is stopped, and the next start reads the new data.
 */
export const IMPORT_CHANNEL = 'civicdesk_import';

export interface ImportNotice {
  locationId: string;
  datasets: string[];
}

export async function announceImport(database: Database, notice: ImportNotice) {
  await sendNotice(database, IMPORT_CHANNEL, notice);
}

/** Calls `onImport` for each announced import until the returned stop is called. */
export function listenForImports(database: Database, onImport: (notice: ImportNotice) => void, onError: (err: unknown) => void) {
  return listenForNotices(database, IMPORT_CHANNEL, onImport, onError);
}

/**
 * `npm run import`'s work: the files imported into the location, then announced to the running
 * servers. Announced even when every dataset was already there: a run killed after its rows were
 * committed but before its notice finds them "unchanged" when run again, and the servers must still
 * hear of them.
 */
export async function importAndAnnounce(database: Database, opts: { locationId: string; files: CityFiles; progress: Progress; force?: boolean }) {
  const reports = await importCity(database.db, opts);
  await refreshStatistics(database.db, { onlyMissing: !reports.some((r) => r.outcome !== 'unchanged') });
  await announceImport(database, { locationId: opts.locationId, datasets: reports.map((r) => r.dataset) });
  return reports;
}

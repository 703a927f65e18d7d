// npm run import -- --location XX [--name "City of X" --state XX] --legislation FILE --meetings FILE
//   --agenda-items FILE --code FILE [--force]
// Loads a location's data from JSONL files (plain or gzip, the shapes of data/demo/), idempotently.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { locations } from '../db/schema';
import { importAndAnnounce } from '../platform/imports-announce';
import type { CityFiles } from '../imports/import-city';
import { createProgress } from '../imports/progress';
import { ensureLocation } from './seed-demo';

async function main() {
  const { values } = parseArgs({
    options: {
      location: { type: 'string' },
      name: { type: 'string' },
      state: { type: 'string' },
      organization: { type: 'string' },
      legislation: { type: 'string' },
      meetings: { type: 'string' },
      'agenda-items': { type: 'string' },
      code: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const code = values.location?.trim().toUpperCase();
  if (!code) throw new Error('Give the location code: --location XX');
  const files: CityFiles = { legislation: values.legislation, meetings: values.meetings, agenda_items: values['agenda-items'], code: values.code };
  const given = Object.entries(files).filter(([, file]) => file);
  if (!given.length) throw new Error('Give at least one file: --legislation, --meetings, --agenda-items or --code');
  for (const [dataset, file] of given) if (!existsSync(file!)) throw new Error(`${dataset}: no such file ${file}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const [existing] = await database.db.select().from(locations).where(eq(locations.code, code));
    let locationId = existing?.id;
    if (!locationId) {
      if (!values.name) throw new Error(`There is no location ${code} yet: add --name "City name" (and --state XX) to create it`);
      ({ locationId } = await ensureLocation(
        database.db,
        { code, name: values.name, stateCode: (values.state ?? code).toUpperCase() },
        values.organization ?? `${values.name} Government`,
      ));
    }
    console.log(`Importing into ${existing?.name ?? values.name} (${code})`);
    // Running servers drop what they built from the old data (their code and search indexes).
    const reports = await importAndAnnounce(database, { locationId, files, progress: createProgress(), force: values.force });
    for (const r of reports) {
      console.log(`${r.dataset.padEnd(13)} ${r.outcome === 'unchanged' ? 'already imported (use --force to re-import)' : `${r.rows} rows`}${r.rejected ? `, ${r.rejected} rejected` : ''}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

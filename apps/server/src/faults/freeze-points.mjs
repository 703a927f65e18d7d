// Loaded with `node --import` into a process under test (never in production). The JSON file named
// by CIVICDESK_FREEZE_FILE lists points: [{ "name": "...", "sql": "<regex of a statement>",
// "value": "<text one of its values holds>" } | { "name": "...", "rename": "<regex of a path>" }].
// A statement or rename that matches a point is never carried out: the work doing it stops right
// there, mid-transaction or between its file and its row, and the point's name is appended to the
// file + ".frozen". The test then kills the process with SIGKILL, every chosen write caught at
// exactly its moment. No file, no effect.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import pg from 'pg';

const file = process.env.CIVICDESK_FREEZE_FILE;
const require = createRequire(import.meta.url);

function points() {
  if (!file || !existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

const never = () => new Promise(() => {});
function freeze(point) {
  appendFileSync(`${file}.frozen`, `${point.name}\n`);
  return never();
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values) {
  const text = typeof config === 'string' ? config : config?.text;
  const params = JSON.stringify((Array.isArray(values) ? values : config?.values) ?? []);
  const point = typeof text === 'string' && points().find((p) => p.sql && new RegExp(p.sql, 'i').test(text) && (!p.value || params.includes(p.value)));
  // Neither the promise nor pg-pool's callback ever settles: the caller waits where it stands.
  if (point) return freeze(point);
  return query.apply(this, arguments);
};

const fsPromises = require('node:fs/promises');
const rename = fsPromises.rename;
fsPromises.rename = function (from) {
  const point = points().find((p) => p.rename && new RegExp(p.rename).test(String(from)));
  if (point) return freeze(point);
  return rename.apply(this, arguments);
};
syncBuiltinESMExports();

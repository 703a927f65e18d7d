// `npm test`: every test. Type checks, the API suite on embedded PGlite and (when TEST_DATABASE_URL
// is set) again on a real PostgreSQL server, (when TEST_ALSO_NODE names another Node binary) its platform
// tests once more on that Node, the web unit tests, then the browser suite on Debian's Chromium against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

console.log(`Node ${process.version}`);
const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['API tests on embedded PGlite', 'npm', ['run', 'test', '-w', 'apps/server'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests on PostgreSQL (TEST_DATABASE_URL)', 'npm', ['run', 'test', '-w', 'apps/server']]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only (.ci/run sets it).');
}
// A second Node major (.ci/run: the suite runs on Node 24 LTS, the recommended runtime, and the
// platform's runtime-facing tests again on the system's Node 20: worker threads, the WebAssembly
// SIMD kernel, jobs, mail, notices between processes, faults, the database layer and health, where
// a runtime difference would show; the HTTP contract's tests (input rules, OpenAPI, access tables)
// and the modules above are plain TypeScript over that platform), on PostgreSQL when there is one.
const PLATFORM_TESTS = [
  'src/platform/workers',
  'src/platform/jobs',
  'src/platform/retrieval/kernel',
  'src/platform/mail.test.ts',
  'src/platform/cache-sync.test.ts',
  'src/platform/imports-announce.test.ts',
  'src/platform/db-errors.test.ts',
  'src/platform/log-safety.test.ts',
  'src/faults',
  'src/db',
  'src/modules/health',
];
const alsoNode = process.env.TEST_ALSO_NODE;
if (alsoNode) {
  const version = spawnSync(alsoNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const bin = path.dirname(alsoNode);
  steps.push([`platform tests on Node ${version} (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npm', ['run', 'test', '-w', 'apps/server', '--', ...PLATFORM_TESTS], { PATH: `${bin}${path.delimiter}${process.env.PATH}` }]);
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

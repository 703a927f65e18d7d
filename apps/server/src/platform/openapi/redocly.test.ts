import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The served OpenAPI document passes Redocly's recommended rules (decision 035): the CLI of
 * @redocly/cli lints `GET /api/docs/json` as written to a file, with the network shut: a preload
 * refuses every connection and name lookup and says so, so a CLI that phoned home fails the test.
 */
const CLI = path.join(path.dirname(createRequire(__filename).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const COMMITTED_CONFIG = path.join(__dirname, '../../../redocly.yaml');
const NO_NETWORK = `
const net = require('node:net');
const dns = require('node:dns');
const refuse = (what) => { process.stderr.write('NETWORK ATTEMPT ' + what + '\\n'); return new Error('No network in this test'); };
net.Socket.prototype.connect = function (options) { const err = refuse(JSON.stringify(options && (options.host || options.path) || options)); process.nextTick(() => this.destroy(err)); return this; };
dns.lookup = function (host, ...rest) { const callback = rest.pop(); process.nextTick(() => callback(refuse('dns ' + host))); };
`;

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn' | 'warning';
  message: string;
}
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: LintProblem[];
}

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  dir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-redocly-'));
  writeFileSync(path.join(dir, 'openapi.json'), res.body);
  writeFileSync(path.join(dir, 'no-network.cjs'), NO_NETWORK);
  // The recommended rules and nothing else, for the first run (a config file, so the CLI reads no other).
  writeFileSync(path.join(dir, 'recommended.yaml'), 'telemetry: off\nextends:\n  - recommended\n');
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function lint(config: string, ...args: string[]): Promise<LintReport & { stderr: string }> {
  const run = promisify(execFile)(process.execPath, ['--require', path.join(dir, 'no-network.cjs'), CLI, 'lint', '--format=json', '--max-problems=500', `--config=${config}`, ...args, 'openapi.json'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  // The CLI exits 1 when it finds an error; its report is on stdout either way.
  const { stdout, stderr } = await run.catch((failure: { stdout?: string; stderr?: string }) => ({ stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' }));
  expect(stderr).not.toContain('NETWORK ATTEMPT');
  expect(stdout, stderr).toMatch(/^\s*\{/);
  return { ...(JSON.parse(stdout) as LintReport), stderr };
}

const summary = (problems: LintProblem[]) => problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);

describe("Redocly's recommended rules", () => {
  it('find no error in the served document, and warn only of what the committed config turns off, for the reasons it gives', async () => {
    const report = await lint('recommended.yaml', '--extends=recommended');
    expect(summary(report.problems.filter((p) => p.severity === 'error'))).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The spec's GET /compliance/code/{id} beside the report's own /compliance/{id}/… actions; the API names no licence.
    expect(summary(report.problems).sort()).toEqual(
      [
        'warn info-license: Info object should contain `license` field.',
        'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/compliance/code/{id}` and `/api/compliance/{id}/cancel`.',
        'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/compliance/code/{id}` and `/api/compliance/{id}/redactions`.',
      ].sort(),
    );
  }, 60_000);

  it('find nothing at all under the committed config (apps/server/redocly.yaml)', async () => {
    const report = await lint(COMMITTED_CONFIG);
    expect(summary(report.problems)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});

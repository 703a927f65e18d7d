import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from './cli/seed-demo';
import { openDatabase } from './db/client';
import { REPO_ROOT, SERVER_ROOT } from './paths';
import { createEmptyTestDatabase, demoEmail, TEST_PASSWORD } from './test/harness';
import { multipartBody } from './test/multipart';

/**
 * Real app processes of the compiled server (`npm run start:prod`'s dist/main.js) on one PostgreSQL
 * (issue 13): WORKERS=N runs N processes on one port and replaces one that dies; the embedded
 * PGlite stays one process and says so; and two separate processes (two machines behind a load
 * balancer) agree within a second on what the other changed: a document's words (search, typo
 * tolerance included), a role change ending a session, and failed sign-ins adding up.
 */
const JWT_SECRET = 'processes-test-secret-long-enough-for-hs256';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  proc: ChildProcess;
  port: number;
  output: () => string;
  url: (p: string) => string;
  stop: () => Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicdesk-process-'));
  const proc = spawn(process.execPath, [path.join(SERVER_ROOT, 'dist/main.js')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', JWT_SECRET, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const running: Running = {
    proc,
    port,
    output: () => out,
    url: (p) => `http://127.0.0.1:${port}${p}`,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  await within(90_000, async () => {
    if (proc.exitCode !== null) throw new Error(`the server stopped (exit ${proc.exitCode}):\n${out}`);
    return (await get(running.url('/api/health'))).status === 200;
  }).catch((err) => {
    proc.kill('SIGKILL');
    throw new Error(`${(err as Error).message}; the server printed:\n${out}`);
  });
  return running;
}

async function get(url: string, headers: Record<string, string> = {}) {
  try {
    return await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
  } catch {
    return { status: 0, json: async () => null } as unknown as Response;
  }
}

async function within(ms: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

const childrenOf = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

async function login(server: Running, email: string, password = TEST_PASSWORD) {
  return fetch(server.url('/api/user/login'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
}

async function bearer(server: Running, email: string) {
  const res = await login(server, email);
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

beforeAll(() => {
  // The processes run the compiled server, as start:prod does.
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'pipe' });
}, 60_000);

describe('the embedded database', () => {
  it('stays one process with WORKERS=2 and says so', async () => {
    const server = await startServer({ WORKERS: '2' });
    try {
      expect(server.output()).toContain('WORKERS=2 needs DATABASE_URL: the embedded PGlite database serves one process. Starting one process.');
      expect(childrenOf(server.proc.pid!)).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('app processes on one PostgreSQL', () => {
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ databaseUrl, dropDatabase } = await createEmptyTestDatabase());
    const database = await openDatabase({ databaseUrl, dataDir: null });
    await database.migrate();
    await seedDemoAccounts(database.db, TEST_PASSWORD, true);
    await database.close();
  }, 60_000);
  afterAll(() => dropDatabase?.());

  it('WORKERS=2 serves one port from two processes, replaces one that dies and stops them all on SIGTERM', async () => {
    const server = await startServer({ WORKERS: '2', DATABASE_URL: databaseUrl });
    const primary = server.proc.pid!;
    try {
      await within(30_000, async () => childrenOf(primary).length === 2);
      const [first] = childrenOf(primary);
      process.kill(first, 'SIGKILL');
      await within(30_000, async () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(first);
      });
      await within(30_000, async () => (await get(server.url('/api/health'))).status === 200);
      expect(server.output()).toContain(`app process ${first} stopped (SIGKILL)`);
      const workers = childrenOf(primary);
      expect(await server.stop()).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('two processes agree within a second: a document found (typo included), a role change, failed sign-ins', async () => {
    const env = { DATABASE_URL: databaseUrl, LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '4' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    try {
      const clerkA = await bearer(a, demoEmail('CLERK'));
      const clerkB = await bearer(b, demoEmail('CLERK'));
      const search = async (query: string) => {
        const res = await get(b.url(`/api/search?query=${query}`), clerkB);
        return res.status === 200 ? ((await res.json()) as { total: number }) : { total: -1 };
      };
      // B has built its index and vocabulary before A writes.
      await within(30_000, async () => (await search('permit')).total === 0);
      expect((await search('gazbeo')).total).toBe(0);
      const body = multipartBody({}, [{ field: 'files', filename: 'gazebo.txt', content: 'Repairs to the gazebo in the square.' }]);
      const uploaded = await fetch(a.url('/api/external_document'), { method: 'POST', headers: { ...body.headers, ...clerkA }, body: body.payload });
      expect(uploaded.status).toBe(201);
      // The exact word, and a misspelling only B's typo vocabulary can correct.
      await within(1_000, async () => (await search('gazebo')).total === 1);
      await within(1_000, async () => (await search('gazbeo')).total === 1);

      const staffB = await bearer(b, demoEmail('STAFF'));
      const admin = await bearer(a, demoEmail('ADMIN'));
      const me = (await (await get(b.url('/api/user/me'), staffB)).json()) as { id: string };
      const promoted = await fetch(a.url('/api/user/edit-user'), {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ id: me.id, role: 'CLERK' }),
      });
      expect(promoted.status).toBe(200);
      await within(1_000, async () => (await get(b.url('/api/user/me'), staffB)).status === 401);

      // Four wrong passwords for one account from one address, two on each process: the fifth is refused on either.
      const mayor = demoEmail('MAYOR');
      for (const server of [a, b, a, b]) expect((await login(server, mayor, 'wrong-password-1')).status).toBe(401);
      expect((await login(b, mayor, 'wrong-password-1')).status).toBe(429);
      expect((await login(a, mayor)).status).toBe(429);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});

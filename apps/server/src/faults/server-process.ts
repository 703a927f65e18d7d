import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real CivicDesk processes for fault tests: the server (`node --import tsx src/main.ts`, production
 * mode, so no demo import) or a command-line tool, with freeze-points.mjs loaded so a test can stop
 * chosen writes at their worst moment and then kill the process with SIGKILL.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = import.meta.resolve('tsx');
const freezePoints = new URL('./freeze-points.mjs', import.meta.url).href;

export const JWT_SECRET = 'fault-tests-secret-long-enough-for-hs256-signing';

/** Where a statement or rename is held (freeze-points.mjs); `name` is what `frozen()` reports. */
export type FreezePoint = { name: string; sql: string; value?: string } | { name: string; rename: string };

export interface RunningProcess {
  pid: number;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** Resolves with the signal or exit code the process ended with. */
  exited: Promise<string>;
  freezeAt(points: FreezePoint[]): void;
  /** The names of the points reached so far. */
  frozen(): string[];
  kill9(): Promise<string>;
}

export interface ServerProcess extends RunningProcess {
  url: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns `script` (relative to apps/server) with tsx and the freeze points, in production mode. */
export function runProcess(script: string, args: string[], opts: { databaseUrl: string; dataDir: string; env?: Record<string, string>; freezeAt?: FreezePoint[] }): RunningProcess {
  const freezeFile = path.join(opts.dataDir, 'freeze-points.json');
  rmSync(freezeFile, { force: true });
  rmSync(`${freezeFile}.frozen`, { force: true });
  if (opts.freezeAt) writeFileSync(freezeFile, JSON.stringify(opts.freezeAt));
  const child: ChildProcess = spawn(process.execPath, ['--import', tsx, '--import', freezePoints, script, ...args], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      CIVICDESK_FREEZE_FILE: freezeFile,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    freezeAt: (points) => writeFileSync(freezeFile, JSON.stringify(points)),
    frozen: () => (existsSync(`${freezeFile}.frozen`) ? readFileSync(`${freezeFile}.frozen`, 'utf8').split('\n').filter(Boolean) : []),
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

export async function startServer(opts: { databaseUrl: string; dataDir: string }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = runProcess('src/main.ts', [], { ...opts, env: { PORT: String(port), HOST: '127.0.0.1' } });
  let ended = false;
  void child.exited.then(() => (ended = true));
  // Ready when it answers its health check; a process that ends first failed to start.
  const deadline = Date.now() + 90_000;
  while (!ended && Date.now() < deadline) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { ...child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  await child.kill9();
  throw new Error(`the server did not start:\n${child.output()}`);
}

/** Signs in through the API; answers the bearer header. */
export async function signIn(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/user/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** Polls `probe` until it holds, within `ms`; answers how long it took. */
export async function within(ms: number, probe: () => Promise<boolean> | boolean): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await probe()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${ms} ms`);
}

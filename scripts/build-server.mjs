// Compiles the server for `npm run start:prod` into apps/server/dist with esbuild: one ES module
// file per entry at the top of dist/ (the server, the command-line tools, each worker-thread module
// and the threads' entry), shared code in chunks beside them. Packages from node_modules stay
// imports; the workspace's own contract package is compiled in. Source maps point errors back to
// the TypeScript. Run as a script, or imported by start.mjs (buildServer()).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');

const ENTRIES = {
  main: 'src/main.ts',
  import: 'src/cli/import.ts',
  'create-admin': 'src/cli/create-admin.ts',
  'worker-entry': 'src/platform/workers/entry.ts',
  // One per WORKER_MODULES name in src/platform/workers/tasks.ts.
  'worker-minutes-reader': 'src/modules/minutes/reader/index.ts',
  'worker-query-embedder': 'src/platform/retrieval/embedder-thread.ts',
  'worker-file-text': 'src/platform/files/text-thread.ts',
  'worker-city-import-reader': 'src/modules/locations/import-thread.ts',
  'worker-ocr': 'src/platform/files/ocr/thread.ts',
};

/** The newest modification time of a file, or of any file under a folder (0 when it is missing). */
export function newestMtime(file) {
  if (!existsSync(file)) return 0;
  if (!statSync(file).isDirectory()) return statSync(file).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { withFileTypes: true })) newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  return newest;
}

/** True when dist/main.js is missing or older than the server's or the contract's sources. */
export function serverBuildIsStale() {
  const main = path.join(dist, 'main.js');
  if (!existsSync(main)) return true;
  const sources = Math.max(newestMtime(path.join(server, 'src')), newestMtime(path.join(root, 'packages/contract/src')));
  return statSync(main).mtimeMs < sources;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@civicdesk/'));
  rmSync(dist, { recursive: true, force: true });
  const started = Date.now();
  await build({
    absWorkingDir: server,
    entryPoints: ENTRIES,
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    external,
    // Every file at the top of dist/: src/paths.ts finds the server's folder one level up.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    // CommonJS packages compiled in call require(); give ES modules one.
    banner: { js: "import { createRequire as __civicdeskRequire } from 'node:module'; const require = __civicdeskRequire(import.meta.url);" },
  });
  // The migrations are read from a folder beside the database client: beside the bundle here.
  cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
  return Date.now() - started;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ms = await buildServer();
  console.log(`Server compiled to apps/server/dist in ${ms} ms`);
}

// `npm start` / `npm run start:prod`: build the web app when it is missing or older than its sources,
// then run the server (which migrates, seeds the demo city outside production and serves web + API on
// PORT; with WORKERS=N on PostgreSQL, in N processes).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newestMtime, serverBuildIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

const sourcesTime = Math.max(...['apps/web/src', 'apps/web/index.html', 'packages/contract/src'].map((p) => newestMtime(path.join(root, p))));
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < sourcesTime) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Production runs the compiled server (scripts/build-server.mjs), rebuilt when its sources are newer;
// development runs the TypeScript sources through tsx.
const production = process.env.NODE_ENV === 'production';
if (production && serverBuildIsStale()) {
  console.log('Compiling the server...');
  await buildServer();
}
const entry = production
  ? ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')]
  : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
const server = spawn(process.execPath, entry, {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

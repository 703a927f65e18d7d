import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';

/**
 * Runtime data (the embedded database, uploaded files, generated secrets) lives in DATA_DIR,
 * `./var` by default, apart from the shipped demo data in `./data/demo`: deleting `./var` starts
 * over without deleting the demo city's files. An install from before this default kept its runtime
 * data beside `data/demo`; on the first start without DATA_DIR it is moved to `./var` once.
 */
export const DEFAULT_DATA_DIR = './var';

export function moveLegacyRuntimeData(cwd: string, env: NodeJS.ProcessEnv): string[] {
  if (env.DATA_DIR) return [];
  const legacy = path.join(cwd, 'data');
  const target = path.resolve(cwd, DEFAULT_DATA_DIR);
  if (existsSync(target) || !existsSync(path.join(legacy, 'pglite'))) return [];
  mkdirSync(target, { recursive: true });
  const moved: string[] = [];
  for (const entry of readdirSync(legacy)) {
    if (entry === 'demo') continue;
    renameSync(path.join(legacy, entry), path.join(target, entry));
    moved.push(entry);
  }
  return moved;
}

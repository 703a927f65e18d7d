import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { moveLegacyRuntimeData } from './runtime-data';

/** Runtime data apart from the shipped demo data (issue 13). */
describe('runtime data', () => {
  it('defaults to ./var, not the folder the demo data ships in', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }).dataDir).toBe(path.resolve('./var'));
  });

  it('moves an older install\'s runtime data out of ./data once, leaving data/demo where it is', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-runtime-'));
    mkdirSync(path.join(cwd, 'data/demo'), { recursive: true });
    mkdirSync(path.join(cwd, 'data/pglite'));
    writeFileSync(path.join(cwd, 'data/demo/dc-meetings.jsonl'), '{}');
    writeFileSync(path.join(cwd, 'data/jwt-secret'), 'secret');
    expect(moveLegacyRuntimeData(cwd, { DATA_DIR: '/elsewhere' })).toEqual([]);
    expect(moveLegacyRuntimeData(cwd, {}).sort()).toEqual(['jwt-secret', 'pglite']);
    expect(readFileSync(path.join(cwd, 'var/jwt-secret'), 'utf8')).toBe('secret');
    expect(existsSync(path.join(cwd, 'var/pglite'))).toBe(true);
    expect(existsSync(path.join(cwd, 'data/demo/dc-meetings.jsonl'))).toBe(true);
    expect(existsSync(path.join(cwd, 'data/pglite'))).toBe(false);
    // Once moved, a later start leaves everything alone.
    mkdirSync(path.join(cwd, 'data/pglite'));
    expect(moveLegacyRuntimeData(cwd, {})).toEqual([]);
  });
});

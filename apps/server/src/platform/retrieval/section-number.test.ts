import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { sectionNumberKey, sectionNumbersIn } from './section-number';

// Numbers as cities print them, and the one key each is known by (written here, not read from the code).
const SPELLINGS: [string, string][] = [
  ['§ 2-532', '2-532'],
  ['2-532', '2-532'],
  ['§ 2–532(c)(1)', '2-532'],
  ['§ 28:2A-101', '28:2a-101'],
  ['Sec. 1.05', '1.05'],
  ['SEC. 1.05', '1.05'],
  ['Section 1.05', '1.05'],
  ['sec 37', '37'],
  ['618.07.', '618.07'],
  ['§ 4-1', '4-1'],
  ['Sect. 9-3', '9-3'],
  ['§ 47-2853.04a', '47-2853.04a'],
];

describe("a section's one identity key", () => {
  it('is the same for every common spelling of a number', () => {
    for (const [written, key] of SPELLINGS) expect(sectionNumberKey(written), written).toBe(key);
  });

  it('reads numbers named in a question to the same keys', () => {
    expect(sectionNumbersIn('what does § 2-532(c) say, and D.C. Code 28:2A-101?')).toEqual(['2-532', '28:2a-101']);
  });
});

describe('migration 0015 stores every existing key the same way (both databases)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("computes in SQL what sectionNumberKey computes, for each spelling", async () => {
    const migration = readFileSync(path.resolve(__dirname, '../../db/migrations/0015_section_number_key.sql'), 'utf8');
    const expression = /SET "number_key" = (.+);\s*$/m.exec(migration)?.[1];
    expect(expression).toBeTruthy();
    const values = SPELLINGS.map(([written]) => `('${written.replace(/'/g, "''")}')`).join(', ');
    const result = await t.db.execute(sql.raw(`SELECT ${expression} AS key FROM (VALUES ${values}) AS s("number")`));
    const keys = (result as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    expect(keys).toEqual(SPELLINGS.map(([, key]) => key));
  });
});

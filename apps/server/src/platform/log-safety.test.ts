import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { safeError } from './log-safety';

/** What the log keeps of a failed query (issue 22): the error's code and the statement, never the values sent. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('keeps the code and the statement of a real failed query, not its parameters or the value the database quotes', async () => {
  const secret = 'maria.lopez@example.org wrote about 1423 Kenyon Street';
  let caught: unknown;
  try {
    await t.db.execute(sql`select ${secret}::text as note, ${'0000-01-01'}::date as day`);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(Error);
  const logged = JSON.stringify(safeError(caught));
  expect(logged).not.toContain('maria.lopez');
  expect(logged).not.toContain('Kenyon');
  expect(logged).not.toContain('0000-01-01');
  expect(logged).toContain('select');
  // PostgreSQL's code for a date/time value out of range (22008) or an invalid one (22007).
  expect(logged).toMatch(/"code":"2200[78]"/);
});

it('logs any other error as it is', () => {
  const logged = safeError(new TypeError('x is not a function'));
  expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  expect(logged.stack).toContain('log-safety.test.ts');
});

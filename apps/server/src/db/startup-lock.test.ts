import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../cli/seed-demo';
import { createEmptyTestDatabase } from '../test/harness';
import { openDatabase } from './client';
import { users } from './schema';

/**
 * Several app processes started together on one empty PostgreSQL (issue 13): migrations and the
 * first seeding run one process at a time under an advisory lock, so none crashes on a table another
 * is creating and nothing is seeded twice. PGlite is one process by nature: these run on PostgreSQL.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('processes starting together on one PostgreSQL', () => {
  it('migrate and seed one after the other: both start, the accounts exist once', async () => {
    const { databaseUrl, dropDatabase } = await createEmptyTestDatabase();
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl, dataDir: null })));
    try {
      await Promise.all(
        instances.map(async (database) => {
          await database.migrate();
          await database.exclusively('civicdesk:demo-city', () => seedDemoAccounts(database.db, 'a-demo-password', true));
        }),
      );
      const [{ n }] = await instances[0].db.select({ n: count() }).from(users);
      expect(n).toBe(DEMO_ACCOUNTS.length);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await dropDatabase();
    }
  });

  it('never runs two holders of one key at once, across connection pools', async () => {
    const { databaseUrl, dropDatabase } = await createEmptyTestDatabase();
    const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl, dataDir: null })));
    try {
      const spans: [number, number][] = [];
      const hold = async () => {
        const start = performance.now();
        await new Promise((r) => setTimeout(r, 300));
        spans.push([start, performance.now()]);
      };
      await Promise.all([a.exclusively('k', hold), b.exclusively('k', hold), a.exclusively('k', hold)]);
      spans.sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
      // A different key is not held up: the two run at the same time.
      spans.length = 0;
      await Promise.all([a.exclusively('k', hold), b.exclusively('other', hold)]);
      spans.sort((x, y) => x[0] - y[0]);
      expect(spans[1][0]).toBeLessThan(spans[0][1]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await dropDatabase();
    }
  });
});

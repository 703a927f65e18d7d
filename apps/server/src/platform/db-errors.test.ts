import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { isDatabaseUnavailable } from './db-errors';

/** Which failures mean "the database is away" (503) and which are ours or another service's (decision 029). */
describe('isDatabaseUnavailable', () => {
  it('knows a refused connection to the database, through drizzle and pg-boss alike', async () => {
    // Nothing listens on port 1: the refusal comes at once.
    const database = await openDatabase({ databaseUrl: 'postgres://civicdesk:civicdesk@127.0.0.1:1/civicdesk', dataDir: null });
    try {
      const viaDrizzle = await database.db.execute(sql`select 1`).catch((err: unknown) => err);
      const viaRawSql = await database.executeSql('select 1', []).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(viaDrizzle)).toBe(true);
      expect(isDatabaseUnavailable(viaRawSql)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('knows a server shutting down, starting up or dropping the connection', () => {
    const pgError = (code: string) => Object.assign(new Error('terminating connection due to administrator command'), { code });
    for (const code of ['57P01', '57P03', '08006', '08001', '53300']) expect(isDatabaseUnavailable(pgError(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: pgError('57P01') }))).toBe(true);
  });

  it('does not take a failed statement, a bug or another service being down for the database being away', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    // A model or mail server that refuses: the same socket error, not from the database driver.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(isDatabaseUnavailable(new Error('Connection error.', { cause: refused }))).toBe(false);
  });
});

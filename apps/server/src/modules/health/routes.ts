import { sql } from 'drizzle-orm';
import { type FeatureModule, typed } from '../../platform/context';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';

/** A health check that cannot reach the database within this says so rather than wait for the driver's own bounds. */
const DATABASE_CHECK_MS = 5_000;

export const healthModule: FeatureModule = async (instance, { ctx }) => {
  typed(instance).get('/health', { config: { access: 'public', rateBudget: 'exempt' }, schema: { tags: ['health'] } }, async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ctx.db.execute(sql`select 1`),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer from the database')), DATABASE_CHECK_MS))),
      ]);
    } catch (err) {
      // Down for a load balancer whatever the reason: 503, so traffic goes to an instance that works.
      const down = new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, {
        status: 'unavailable',
        database: ctx.database.kind,
        retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS,
      });
      throw Object.assign(down, { cause: err });
    } finally {
      clearTimeout(timer);
    }
    // Still `ok` (the server answers), with what this process does less well than it should.
    return { status: 'ok' as const, database: ctx.database.kind, ai_engine: ctx.ai.name, version: '0.1.0', degraded: ctx.codeIndexes.health() };
  });
};

import { sql } from 'drizzle-orm';
import { type FeatureModule, typed } from '../../platform/context';

export const healthModule: FeatureModule = async (instance, { ctx }) => {
  typed(instance).get('/health', { config: { access: 'public', rateBudget: 'exempt' }, schema: { tags: ['health'] } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: ctx.database.kind, ai_engine: ctx.ai.name, version: '0.1.0' };
  });
};

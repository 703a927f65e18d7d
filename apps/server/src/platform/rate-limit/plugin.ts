import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../errors';
import type { CounterStore } from './counters';

/**
 * Request budgets for the whole API (decision 022), counted in PostgreSQL through the counter
 * store so they hold across server processes. Each route falls in one budget: its own
 * `config.rateBudget`, else `api` when it needs a signed-in user and `public` when it does not.
 * Signed-in callers are counted per user, others per client address (an IPv6 /64 is one client).
 * Counting is batched far from a limit and exact near it (`CounterStore.count`).
 */
export type RateBudget = 'api' | 'expensive' | 'auth' | 'public' | 'exempt';
export type RateLimits = Record<Exclude<RateBudget, 'exempt'>, number>;

declare module 'fastify' {
  interface FastifyContextConfig {
    rateBudget?: RateBudget;
  }
}

const WINDOW_MS = 60_000;

function budgetOf(request: FastifyRequest): RateBudget {
  const config = request.routeOptions.config;
  if (!config?.access) return 'exempt'; // the web app's files and the API docs
  return config.rateBudget ?? (config.access === 'public' ? 'public' : 'api');
}

export const rateLimits = fp(async (app: FastifyInstance, opts: { counters: CounterStore; limits: RateLimits }) => {
  const { counters, limits } = opts;
  class PostgresStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      counters.count(key, timeWindow, max).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  }
  const sweeper = setInterval(() => counters.sweep().catch((err) => app.log.warn({ err }, 'rate limit sweep failed')), WINDOW_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await counters.close();
  });
  await app.register(rateLimit, {
    global: true,
    store: PostgresStore,
    timeWindow: WINDOW_MS,
    allowList: (request) => budgetOf(request) === 'exempt',
    max: (request) => {
      const budget = budgetOf(request);
      return budget === 'exempt' ? Number.MAX_SAFE_INTEGER : limits[budget];
    },
    keyGenerator: (request) => {
      const who = request.principal ? `user:${request.principal.userId}` : `ip:${normalizeIP(request.ip)}`;
      return `rate:${budgetOf(request)}:${who}`;
    },
    errorResponseBuilder: (_request, context) =>
      rateLimited(`Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`, context.ttl / 1000),
  });
});

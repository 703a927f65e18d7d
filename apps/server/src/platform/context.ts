import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { LoginLimiter } from './auth/login-limiter';
import type { TokenService } from './auth/tokens';
import type { AiEngine } from './ai';
import type { Mailer } from './mail';
import type { JobQueue } from './jobs/queue';
import type { IndexRegistry } from './retrieval/registry';

/** What every feature module is given: built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  database: Database;
  /** The server's logger: for what must not fail the user's action, such as an audit record that could not be written. */
  log: FastifyBaseLogger;
  tokens: TokenService;
  mailer: Mailer;
  loginLimiter: LoginLimiter;
  /** The AI engine of this deployment (offline, or the configured OpenAI-compatible endpoint). */
  ai: AiEngine;
  /** The municipal code's retrieval index per location (the one retrieval layer). */
  codeIndexes: IndexRegistry;
  /** The one job queue (PostgreSQL-backed): modules define their jobs while registering; it starts when the app is ready. */
  jobs: JobQueue;
}

export type ModuleApp = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type FeatureModule = (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;

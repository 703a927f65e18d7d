import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@civicdesk/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { REPO_ROOT } from './paths';
import { createAiEngine } from './platform/ai';
import { authGuard } from './platform/auth/guard';
import { createLoginLimiter } from './platform/auth/login-limiter';
import { createTokenService } from './platform/auth/tokens';
import type { AppContext, FeatureModule } from './platform/context';
import { answerFrameworkError, registerErrorHandler, registerNotFoundHandler, trackRouteMethods } from './platform/error-handler';
import { inputSafety } from './platform/input-safety';
import { openApiOptions } from './platform/openapi';
import { createCounterStore } from './platform/rate-limit/counters';
import { createIndexRegistry } from './platform/retrieval/registry';
import { rateLimits } from './platform/rate-limit/plugin';
import { createMailer } from './platform/mail';
import { createJobQueue } from './platform/jobs/queue';
import { dropAllReadCaches, startCacheSync } from './platform/read-cache';
import { listenForImports } from './platform/imports-announce';
import { safeError } from './platform/log-safety';
import { forgetSearchIndex, forgetSearchIndexes, indexOptions, startSearchSync } from './platform/search/index-registry';
import { forgetVocabularies } from './platform/search/typo';
import { adminModule } from './modules/admin/routes';
import { auditModule } from './modules/audit/routes';
import { analyticsModule } from './modules/analytics/routes';
import { feedbackModule } from './modules/feedback/routes';
import { healthModule } from './modules/health/routes';
import { referenceModule } from './modules/reference/routes';
import { agendaItemsModule } from './modules/agenda-items/routes';
import { agendasModule } from './modules/agendas/routes';
import { externalDocumentsModule } from './modules/external-documents/routes';
import { ordinancesModule } from './modules/ordinances/routes';
import { searchModule } from './modules/search/routes';
import { municipalCodeModule } from './modules/municipal-code/routes';
import { draftingModule } from './modules/drafting/routes';
import { chatModule } from './modules/chat/routes';
import { complianceModule } from './modules/compliance/routes';
import { minutesModule } from './modules/minutes/routes';
import { locationsModule } from './modules/locations/routes';
import sse from '@fastify/sse';
import { threadsModule } from './modules/threads/routes';
import { usersModule } from './modules/users/routes';

const FEATURE_MODULES: FeatureModule[] = [
  healthModule,
  usersModule,
  referenceModule,
  feedbackModule,
  threadsModule,
  municipalCodeModule,
  analyticsModule,
  adminModule,
  auditModule,
  searchModule,
  agendaItemsModule,
  agendasModule,
  ordinancesModule,
  externalDocumentsModule,
  draftingModule,
  chatModule,
  complianceModule,
  minutesModule,
  locationsModule,
];

/** Characters of one raw path parameter the router reads; past it the address answers 400 (error-handler.ts). */
const MAX_PARAM_LENGTH = 5_000;

const defaultWebDist = path.join(REPO_ROOT, 'apps/web/dist');

/** A hop count, as Fastify itself reads a number: the nearest `hops` proxies are believed. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(deps: {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests that read the access log). */
  logStream?: NodeJS.WritableStream;
}): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password'],
            // Errors are logged without the values a user sent (a failed query's parameters): log-safety.ts.
            serializers: { err: safeError },
            ...(deps.logStream && { stream: deps.logStream }),
          },
    bodyLimit: 1024 * 1024,
    // Client addresses from X-Forwarded-For only behind a configured proxy (decision 022).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors: answerFrameworkError,
    // Longer than any path parameter the contract takes (a research query of 500 characters, percent-encoded),
    // so a long one reaches its route and answers as any other invalid field: 400, after the token check.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const allowedMethods = trackRouteMethods(app);

  const counters = createCounterStore(database.db);
  const jobs = createJobQueue(database, app.log);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    log: app.log,
    tokens: createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    mailer: createMailer({ db: database.db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, retry: config.mailRetry, log: app.log }),
    loginLimiter: createLoginLimiter(counters, config.loginLimits),
    ai: createAiEngine(config),
    codeIndexes: createIndexRegistry(database.db, app.log),
    jobs,
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
  });
  await app.register(cookie);
  // Uploads: one registration for every module; the size limit is enforced while streaming.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20, fieldSize: 64 * 1024, parts: 40 } });
  // The served OpenAPI document, completed from each route's access rule and the operations table (decision 035).
  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authGuard, { db: ctx.db, tokens: ctx.tokens });
  await app.register(rateLimits, { counters, limits: config.rateLimits });
  await app.register(inputSafety);
  await app.register(sse);

  for (const feature of FEATURE_MODULES) await app.register(feature, { prefix: '/api', ctx });
  // Jobs start once every module has defined its own, and stop before the database closes.
  app.addHook('onReady', () => ctx.jobs.start());
  app.addHook('onClose', () => ctx.jobs.stop());
  // What one process drops from its read caches, every process on the database drops (decision 016).
  const stopCacheSync = await startCacheSync(database, (err) => app.log.warn({ err }, 'a cache notice could not be read or sent'));
  app.addHook('onClose', () => stopCacheSync());
  // The memory Smart Search's in-process indexes may hold in this process (decision 017).
  indexOptions.budgetBytes = config.searchIndexBudgetBytes;
  const stopSearchSync = await startSearchSync(database, (err) => app.log.warn({ err }, 'a search notice could not be read or sent'));
  app.addHook('onClose', () => stopSearchSync());
  // An import from the command line into a running deployment: its indexes are rebuilt from the new data.
  const stopImports = await listenForImports(
    database,
    ({ locationId, datasets }) => {
      if (datasets.includes('code')) ctx.codeIndexes.invalidate(locationId);
      forgetSearchIndex(database.db, locationId);
    },
    (err) => app.log.warn({ err }, 'an import notice could not be read'),
  );
  app.addHook('onClose', () => stopImports());
  // Notices sent while this process's listening connection was down were missed (decision 029):
  // what they keep true is read again from the database.
  const stopMissed = database.onNoticesMissed(() => {
    dropAllReadCaches(database.db);
    forgetSearchIndexes(database.db);
    forgetVocabularies();
    ctx.codeIndexes.invalidateAll();
    app.log.warn('notices were missed while the database was unreachable: caches and indexes are read again');
  });
  app.addHook('onClose', async () => stopMissed());
  // A closed app's indexes leave the memory budget (it is the process's, not the app's: decision 017).
  app.addHook('onClose', async () => forgetSearchIndexes(database.db));

  const webDist = config.webDist ?? defaultWebDist;
  const serveWebIndex = existsSync(path.join(webDist, 'index.html'));
  // The built web app on the same origin; unknown non-API GETs get index.html (client routing).
  if (serveWebIndex) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  registerNotFoundHandler(app, { serveWebIndex, allowedMethods });
  return app;
}

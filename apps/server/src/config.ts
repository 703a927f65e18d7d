import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './runtime-data';

/** Environment -> typed configuration, parsed once at boot (the only reader of process.env). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CivicDesk <no-reply@civicdesk.test>'),
  /** SMTP delivery (decision 005): tries in all, and the wait before the first retry, four times longer each retry after. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  DEMO_PASSWORD: z.string().min(12, 'DEMO_PASSWORD must be at least 12 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** "DC:dc.gov,example.org;NY:nyc.gov": locations that allow self sign-up, with their email domains. */
  SIGNUP_DOMAINS: z.string().default(''),
  /**
   * Failed logins (decision 022): per account from one address and per address within
   * LOGIN_WINDOW_MINUTES; per account from all addresses (the slower cap) within
   * LOGIN_ACCOUNT_WINDOW_MINUTES. A successful reset clears an account's counters.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(30),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Requests per minute (decision 022): per user on the API and on expensive routes, per address on the public ones. */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /**
   * Proxies whose X-Forwarded-For is believed: unset or "false" trusts none (the client address
   * is the connection's), a number is the count of proxy hops, or a comma-separated list of
   * proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: z.string().default('false'),
  TRANSLATION_WIDGET_URL: z.string().url().optional(),
  AVATAR_SERVICE_URL: z.string().url().optional(),
  ANALYTICS_FORWARD_URL: z.string().url().optional(),
  /** A SearxNG instance for the Knowledge Assistant's optional web search (off when unset). */
  WEB_SEARCH_URL: z.string().url().optional(),
  /** The Legistar Web API a city's Legistar import reads (issue 21), unless the import names another; a token, where a city needs one, goes in its query. */
  LEGISTAR_API_URL: z.string().url().default('https://webapi.legistar.com'),
  /**
   * Hosts ("host" or "host:port", comma-separated) a city's Legistar import may reach although they
   * are internal or on another port (a proxy of the operator's); every other address must be public.
   * LEGISTAR_API_URL's own host is always allowed: the operator chose it.
   */
  LEGISTAR_ALLOWED_HOSTS: z.string().default(''),
  /**
   * What one city import's reading may take (decision 033): the worker thread's heap in MB and its
   * time in seconds. An import past either fails with the reason and is not run again.
   */
  IMPORT_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).max(65_536).default(3072),
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1200),
  /** Pause between the words of a streamed built-in answer, so a reader sees it arrive (0 = none). */
  CHAT_STREAM_PACE_MS: z.coerce.number().int().min(0).max(1000).default(15),
  /** What Smart Search's in-process indexes may hold together, in MB (decision 017); past it the least recently searched are evicted (0: every search through SQL). */
  SEARCH_INDEX_BUDGET_MB: z.coerce.number().min(0).default(256),
  /** App processes (node:cluster) serving one port; more than 1 needs DATABASE_URL (PGlite is one process). */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET is required in production (at least 32 characters).');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? devJwtSecret(dataDir),
    jwtTtlSeconds: Math.round(e.JWT_TTL_HOURS * 3600),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetry: { maxAttempts: e.MAIL_MAX_ATTEMPTS, firstDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? 'none', model: e.LLM_MODEL ?? 'default' } : undefined,
    demoPassword: e.DEMO_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    signupDomains: parseSignupDomains(e.SIGNUP_DOMAINS),
    loginLimits: {
      perAccountAndIp: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      accountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
    },
    rateLimits: {
      api: e.RATE_LIMIT_API_PER_MINUTE,
      expensive: e.RATE_LIMIT_EXPENSIVE_PER_MINUTE,
      auth: e.RATE_LIMIT_AUTH_PER_MINUTE,
      public: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    thirdParty: {
      translationWidgetUrl: e.TRANSLATION_WIDGET_URL,
      avatarServiceUrl: e.AVATAR_SERVICE_URL,
      analyticsForwardUrl: e.ANALYTICS_FORWARD_URL,
    },
    webSearchUrl: e.WEB_SEARCH_URL,
    legistarApiUrl: e.LEGISTAR_API_URL,
    importLimits: { maxHeapMb: e.IMPORT_MEMORY_LIMIT_MB, timeoutMs: e.IMPORT_TIME_LIMIT_SECONDS * 1000 },
    legistarAllowedHosts: [new URL(e.LEGISTAR_API_URL).host, ...e.LEGISTAR_ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter(Boolean)],
    chatPaceMs: e.CHAT_STREAM_PACE_MS,
    searchIndexBudgetBytes: e.SEARCH_INDEX_BUDGET_MB * 1e6,
    workers: e.WORKERS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
  };
}

/** TRUST_PROXY -> Fastify's trustProxy: false, a hop count, or proxy addresses/CIDR ranges. Never "trust everyone". */
export function parseTrustProxy(raw: string): false | number | string[] {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((entry) => {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address);
    if (!version || extra !== undefined) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  });
  if (value === 'true' || bad.length) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: give the number of proxies in front of CivicDesk (e.g. 1) or their addresses/CIDR ranges ` +
        `(e.g. 10.0.0.0/8,127.0.0.1); "${bad.join(', ') || value}" is neither. "true" is refused: it would let any client choose its own address.`,
    );
  }
  return entries;
}

function parseSignupDomains(raw: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of raw.split(';').map((s) => s.trim()).filter(Boolean)) {
    const [code, domains] = part.split(':');
    if (!code || !domains) continue;
    out[code.trim().toUpperCase()] = domains.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
  }
  return out;
}

/** Outside production a secret is made once and kept in DATA_DIR, so restarts keep sessions. */
function devJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

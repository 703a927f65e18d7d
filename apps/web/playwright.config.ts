import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT, SERVER_LOG, SERVER_URL } from './e2e/env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A fresh embedded database per run, so no test depends on a previous run's leftovers.
const dataDir = path.join(os.tmpdir(), `civicdesk-e2e-${E2E_PORT}`);

/**
 * The browser suite: the real server (API + the built web app from apps/web/dist, same origin) on
 * a fresh data folder, driven through Debian's Chromium. No browser is ever downloaded.
 */
export default defineConfig({
  testDir: 'e2e',
  // Two cores, shared with the server: two browsers at once is the most that stays fast.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Generous: the machine's two cores are shared with the server and, in development, with other work.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'civicdesk-e2e-results'),
  use: {
    baseURL: SERVER_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The shell deletes the previous run's data folder. `env -u` keeps the server on the embedded
    // defaults whatever the developer's shell holds: no production mode (it refuses demo accounts), no
    // shared database, no SMTP (codes are read from the outbox), no other web build, the offline AI
    // engine. The first start imports the demo city (~30 s on an idle machine). Its log goes to SERVER_LOG.
    command:
      'rm -rf "$DATA_DIR" && env -u NODE_ENV -u DATABASE_URL -u SMTP_URL -u WEB_DIST -u LLM_BASE_URL -u WEB_SEARCH_URL ' +
      `node --import tsx apps/server/src/main.ts > "${SERVER_LOG}"`,
    cwd: repoRoot,
    url: `${SERVER_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      // Info level: the mail lines carry the reset codes the suite reads, as a demo operator would.
      LOG_LEVEL: 'info',
      // The suite signs in dozens of times from one address, and tries a wrong password on purpose.
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      // A streamed answer takes several seconds (a 60-word answer, 9 s): the chat test stops one
      // midway, and on a busy two-core machine (seen: seconds between two steps of a test) it must
      // still find it streaming.
      CHAT_STREAM_PACE_MS: '150',
    },
  },
});

import os from 'node:os';
import path from 'node:path';

/** Where the suite's own server runs and the demo password it is started with (read by the config and the tests). */
export const E2E_PORT = 3210;
export const SERVER_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_PASSWORD = 'e2e-demo-password-2024';
/** The server's log (pino JSON lines): where the demo operator reads the codes no screen shows (decision 005). */
export const SERVER_LOG = path.join(os.tmpdir(), `civicdesk-e2e-${E2E_PORT}.log`);

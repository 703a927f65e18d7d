import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are, the same whether it runs from its TypeScript sources (src/, through
 * tsx or vitest) or from the compiled bundle (dist/, `npm run start:prod`): both folders sit one
 * level under apps/server, and every bundle file sits at the top of dist/.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** True in the compiled bundle (dist/*.js), false when running the TypeScript sources. */
export const COMPILED = !import.meta.url.endsWith('.ts');
export const SERVER_ROOT = path.resolve(here, '..');
/** The server's sources and the data files that live beside them (migrations, name lists). */
export const SERVER_SRC = path.join(SERVER_ROOT, 'src');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

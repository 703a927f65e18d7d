/**
 * A read-only client of one city's Legistar Web API (v1/{client}/...): GETs with a time limit, a
 * size limit, a few retries on the answers that say "try again" (429, 5xx, a dropped connection),
 * and OData paging ($top/$skip, 1,000 rows a page, the API's own maximum).
 */
export const LEGISTAR_PAGE_SIZE = 1000;
const TIMEOUT_MS = 30_000;
/** NYC's council meeting of 2026-01-29 lists 828 items in 6 MB; a page of events is about 1 MB. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const RETRIES = 2;

export class LegistarError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the API answered, else null. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface LegistarClient {
  /** One GET; `path` is under v1/{client}/ ("events", "events/8172/eventitems"). */
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  /** Every row of a listing, page by page, up to `max` rows. */
  all<T>(path: string, query: Record<string, string>, max: number): Promise<{ rows: T[]; truncated: boolean }>;
}

/** The address of a path: the base's own query (an operator's token) kept, the client's path appended. */
export function legistarUrl(baseUrl: string, client: string, path: string, query: Record<string, string> = {}) {
  const url = new URL(baseUrl);
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = `${base}/v1/${encodeURIComponent(client)}/${path}`;
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

async function readCapped(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_RESPONSE_BYTES) throw new LegistarError(`the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB`, res.status);
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) throw new LegistarError(`the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB`, res.status);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function legistarClient(baseUrl: string, client: string, opts: { retryDelayMs?: number } = {}): LegistarClient {
  const retryDelay = opts.retryDelayMs ?? 1000;
  async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const url = legistarUrl(baseUrl, client, path, query);
    let lastError: LegistarError | null = null;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      if (attempt) await wait(retryDelay * 2 ** (attempt - 1));
      let res: Response;
      try {
        res = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (err) {
        const timedOut = (err as Error)?.name === 'TimeoutError';
        lastError = new LegistarError(timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : 'the address could not be reached', null);
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel().catch(() => undefined);
        lastError = new LegistarError(`the API answered ${res.status}`, res.status);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new LegistarError(res.status === 404 ? 'not found' : `the API answered ${res.status}`, res.status);
      }
      const body = await readCapped(res);
      try {
        return JSON.parse(body) as T;
      } catch {
        throw new LegistarError('the answer is not JSON (is this a Legistar Web API address?)', res.status);
      }
    }
    throw lastError ?? new LegistarError('the API could not be reached', null);
  }
  return {
    get,
    async all<T>(path: string, query: Record<string, string>, max: number) {
      const rows: T[] = [];
      for (let skip = 0; rows.length < max; skip += LEGISTAR_PAGE_SIZE) {
        const page = await get<T[]>(path, { ...query, $top: String(LEGISTAR_PAGE_SIZE), $skip: String(skip) });
        if (!Array.isArray(page)) throw new LegistarError('the answer is not a list', 200);
        rows.push(...page);
        if (page.length < LEGISTAR_PAGE_SIZE) return { rows: rows.slice(0, max), truncated: false };
      }
      return { rows: rows.slice(0, max), truncated: true };
    },
  };
}

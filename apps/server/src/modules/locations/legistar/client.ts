import { OutboundError, type OutboundPolicy, outboundGet } from '../../../platform/outbound/client';

/**
 * A read-only client of one city's Legistar Web API (v1/{client}/...) through the one outbound
 * client (platform/outbound: public addresses only unless the operator allowed the host, redirects
 * checked, a deadline and a byte cap): a few retries on the answers that say "try again" (429, 5xx,
 * a dropped connection), and OData paging ($top/$skip, 1,000 rows a page, the API's own maximum).
 */
export const LEGISTAR_PAGE_SIZE = 1000;
const TIMEOUT_MS = 30_000;
/** NYC's council meeting of 2026-01-29 lists 828 items in 6 MB; a page of events is about 1 MB. */
export const LEGISTAR_MAX_RESPONSE_BYTES = 12 * 1024 * 1024;
const RETRIES = 2;

export class LegistarError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the API answered, else null. */
    readonly status: number | null,
    /** The address was refused by the outbound policy: nothing was sent, and a retry would be refused too. */
    readonly refused = false,
  ) {
    super(message);
  }
}

export interface LegistarClient {
  /** One GET; `path` is under v1/{client}/ ("events", "events/8172/eventitems"). */
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  /** The rows of a listing, a page at a time (`onPage` is awaited before the next page is asked), up to `max` rows. */
  pages<T>(path: string, query: Record<string, string>, max: number, onPage: (rows: T[]) => Promise<void>): Promise<{ rows: number; truncated: boolean }>;
}

/**
 * The address of a path: the base's own query (an operator's token) kept, the client's path
 * appended. A base written as the API's documentation writes it, ending in "/v1", or with the
 * client's name after it ("…/v1/oakland"), is the same API.
 */
export function legistarUrl(baseUrl: string, client: string, path: string, query: Record<string, string> = {}) {
  const url = new URL(baseUrl);
  const named = `/v1/${encodeURIComponent(client)}`.toLowerCase();
  let base = url.pathname.replace(/\/+$/, '');
  if (base.toLowerCase().endsWith(named)) base = base.slice(0, base.length - named.length);
  base = base.replace(/\/v1$/i, '');
  url.pathname = `${base}/v1/${encodeURIComponent(client)}/${path}`;
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the outbound client's failure means to an administrator (the full detail is logged by the job, never shown). */
function legistarFailure(err: OutboundError): LegistarError {
  if (err.failure === 'refused') return new LegistarError('the address is not one CivicDesk may reach', null, true);
  if (err.failure === 'too-large') return new LegistarError(`an answer is larger than ${LEGISTAR_MAX_RESPONSE_BYTES / 1024 / 1024} MB`, null);
  return new LegistarError('no answer', null);
}

export function legistarClient(baseUrl: string, client: string, policy: OutboundPolicy, opts: { retryDelayMs?: number } = {}): LegistarClient {
  const retryDelay = opts.retryDelayMs ?? 1000;
  async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const url = legistarUrl(baseUrl, client, path, query);
    let lastError: LegistarError | null = null;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      if (attempt) await wait(retryDelay * 2 ** (attempt - 1));
      let res;
      try {
        res = await outboundGet(url, { policy, timeoutMs: TIMEOUT_MS, maxBytes: LEGISTAR_MAX_RESPONSE_BYTES, headers: { accept: 'application/json' } });
      } catch (err) {
        if (!(err instanceof OutboundError)) throw err;
        lastError = Object.assign(legistarFailure(err), { cause: err });
        // A refused address or an answer too large would be the same on a retry.
        if (err.failure === 'refused' || err.failure === 'too-large' || err.failure === 'redirects') throw lastError;
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        lastError = new LegistarError(`the API answered ${res.status}`, res.status);
        continue;
      }
      if (res.status < 200 || res.status >= 300) throw new LegistarError(res.status === 404 ? 'not found' : `the API answered ${res.status}`, res.status);
      try {
        return JSON.parse(res.body.toString('utf8')) as T;
      } catch {
        throw new LegistarError('the answer is not JSON (is this a Legistar Web API address?)', res.status);
      }
    }
    throw lastError ?? new LegistarError('no answer', null);
  }
  return {
    get,
    async pages<T>(path: string, query: Record<string, string>, max: number, onPage: (rows: T[]) => Promise<void>) {
      let read = 0;
      for (let skip = 0; read < max; skip += LEGISTAR_PAGE_SIZE) {
        const page = await get<T[]>(path, { ...query, $top: String(LEGISTAR_PAGE_SIZE), $skip: String(skip) });
        if (!Array.isArray(page)) throw new LegistarError('the answer is not a list', 200);
        const rows = page.slice(0, max - read);
        read += rows.length;
        await onPage(rows);
        if (page.length < LEGISTAR_PAGE_SIZE) return { rows: read, truncated: false };
      }
      return { rows: read, truncated: true };
    },
  };
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AllowedHosts, isPublicAddress, usualPort } from './address';

/**
 * The one client for requests a user directs at an address of their choosing (a city's Legistar
 * API): GET only, public addresses only unless the operator allowed the host, checked on the
 * address the socket actually connects to (so a name that resolves to 127.0.0.1, or to a public
 * address first and an internal one at connection time, is refused), every redirect checked the
 * same way, one deadline for the whole exchange and a cap on the bytes read. Nothing is sent to a
 * refused address at all, so no answer can tell an open internal port from a closed one.
 */
export type OutboundFailure = 'refused' | 'unreachable' | 'timeout' | 'too-large' | 'redirects';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    /** For the log: what exactly happened. Never shown to a user. */
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface OutboundPolicy {
  allowed: AllowedHosts;
  /** Name resolution (tests give their own to play a name that resolves to an internal address). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface OutboundRequest {
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
}

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** Why a URL may not be requested at all (before any name is resolved), or null. */
export function refusalOf(url: URL, allowed: AllowedHosts): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not http or https`;
  if (url.username || url.password) return 'the address carries a user name or password';
  if (allowed.allows(url)) return null;
  if (!usualPort(url)) return `port ${url.port} is not the scheme's own (an operator may allow the host)`;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isPublicAddress(literal)) return `${literal} is not a public address`;
  return null;
}

/** A lookup that answers only public addresses: the socket connects to what it answers, nothing else. */
function publicOnlyLookup(resolve: (hostname: string) => Promise<LookupAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter((a) => isPublicAddress(a.address) && (!options.family || a.family === options.family));
        if (!usable.length) return callback(new OutboundError('refused', `${hostname} resolves to ${addresses.map((a) => a.address).join(', ') || 'nothing'}, not a public address`), '', 0);
        if (options.all) return (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(new OutboundError('unreachable', `${hostname} could not be resolved (${err.code ?? err.message})`), '', 0),
    );
  };
}

/** GET `target`, following at most `maxRedirects` redirects, each checked as the first address was. */
export async function outboundGet(target: string | URL, req: OutboundRequest): Promise<OutboundResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), req.timeoutMs);
  try {
    let url = new URL(target);
    for (let hops = 0; ; hops++) {
      const refusal = refusalOf(url, req.policy.allowed);
      if (refusal) throw new OutboundError('refused', refusal);
      const res = await send(url, req, controller.signal);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
        res.destroy();
        if (hops >= (req.maxRedirects ?? 3)) throw new OutboundError('redirects', `more than ${req.maxRedirects ?? 3} redirects`);
        url = new URL(location, url);
        continue;
      }
      return { status: res.statusCode ?? 0, headers: res.headers, body: await readCapped(res, req.maxBytes, controller.signal) };
    }
  } catch (err) {
    if (err instanceof OutboundError) throw err;
    if (controller.signal.aborted) throw new OutboundError('timeout', `no answer within ${req.timeoutMs / 1000} s`);
    const cause = (err as { cause?: unknown })?.cause;
    if (cause instanceof OutboundError) throw cause;
    throw new OutboundError('unreachable', (err as NodeJS.ErrnoException)?.code ?? (err as Error)?.message ?? String(err));
  } finally {
    clearTimeout(timer);
  }
}

function send(url: URL, req: OutboundRequest, signal: AbortSignal): Promise<IncomingMessage> {
  const allowed = req.policy.allowed.allows(url);
  const lookup = allowed ? undefined : publicOnlyLookup(req.policy.resolve ?? systemResolve);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: 'GET',
      headers: { 'accept-encoding': 'identity', ...req.headers },
      // A fresh connection each time: a kept-alive socket was checked for another address.
      agent: false,
      lookup,
      signal,
    });
    request.once('response', resolve);
    request.once('error', (err) => reject(err instanceof OutboundError ? err : lookupFailure(err) ?? err));
    request.end();
  });
}

/** The lookup's refusal, as the socket reports it (wrapped in the error of a failed connection attempt). */
function lookupFailure(err: unknown): OutboundError | null {
  const inner = (err as { errors?: unknown[] })?.errors?.find((e) => e instanceof OutboundError);
  return (inner as OutboundError | undefined) ?? null;
}

async function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too-large', `the answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    if (signal.aborted) break;
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  if (signal.aborted) throw new OutboundError('timeout', 'the answer did not arrive in time');
  return Buffer.concat(chunks, size);
}

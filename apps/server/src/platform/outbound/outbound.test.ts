import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHosts, isPublicAddress } from './address';
import { OutboundError, outboundGet, type OutboundPolicy } from './client';

/**
 * The one client for addresses a user chooses (issue 29): a review reached a service listening only
 * on 127.0.0.1 through a city's Legistar address, by every way of writing it, by redirects and by a
 * name that resolves to it. Here a local server of the test's own counts every request it gets:
 * whatever is refused must never reach it.
 */
let secret: Server;
let secretPort: number;
const secretHits: string[] = [];
let relay: Server;
let relayPort: number;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  secret = createServer((req, res) => {
    secretHits.push(req.url ?? '');
    res.end('INTERNAL-SECRET db_password=hunter2');
  });
  secretPort = await listen(secret);
  // An allowed host that sends the client on elsewhere, or answers too much, or too slowly.
  relay = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    if (url.pathname === '/to') {
      res.writeHead(302, { location: url.searchParams.get('where') ?? '/' });
      return res.end();
    }
    if (url.pathname === '/big') return res.end(Buffer.alloc(2 * 1024 * 1024, 0x61));
    if (url.pathname === '/slow') return setTimeout(() => res.end('late'), 2_000);
    res.end('ok');
  });
  relayPort = await listen(relay);
});
afterAll(async () => {
  await new Promise((r) => secret.close(r));
  await new Promise((r) => relay.close(r));
});

const nobody: OutboundPolicy = { allowed: allowedHosts([]) };
const get = (url: string, policy: OutboundPolicy = nobody, more: { maxBytes?: number; timeoutMs?: number } = {}) =>
  outboundGet(url, { policy, timeoutMs: more.timeoutMs ?? 3_000, maxBytes: more.maxBytes ?? 1024 * 1024 });
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err.failure;
    throw err;
  }
  return 'answered';
};

describe('the outbound client', () => {
  it('refuses every way of writing this machine, private networks and the metadata address, and sends them nothing', async () => {
    const forms = ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f000001', '127.1', '0', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:7f00:1]'];
    for (const host of forms) {
      expect(await failure(get(`http://${host}:${secretPort}/internal`)), host).toBe('refused');
      // On the scheme's own port as well: the address itself is refused, not only the port.
      expect(await failure(get(`http://${host}/internal`)), host).toBe('refused');
    }
    for (const host of ['169.254.169.254', '10.0.0.1', '172.16.5.4', '192.168.1.1', '100.64.0.1', '[fd00::1]', '[fe80::1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]']) {
      expect(await failure(get(`http://${host}/latest/meta-data/`)), host).toBe('refused');
    }
    expect(secretHits).toEqual([]);
  });

  it('checks the address a name resolves to when it connects: a public name that resolves to 127.0.0.1 is refused', async () => {
    const rebinding: OutboundPolicy = { allowed: allowedHosts([]), resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    expect(await failure(get('http://legistar.example.org/v1/x/events', rebinding))).toBe('refused');
    const mixed: OutboundPolicy = { allowed: allowedHosts([]), resolve: async () => [{ address: '10.1.2.3', family: 4 }, { address: '::1', family: 6 }] };
    expect(await failure(get('https://legistar.example.org/v1/x/events', mixed))).toBe('refused');
    expect(secretHits).toEqual([]);
  });

  it('reaches a host the operator allowed, and checks every redirect as it checked the first address', async () => {
    const relayOnly: OutboundPolicy = { allowed: allowedHosts([`127.0.0.1:${relayPort}`]) };
    const ok = await get(`http://127.0.0.1:${relayPort}/hello`, relayOnly);
    expect(ok.body.toString()).toBe('ok');
    // To the secret service, by address and by name: refused before anything is sent.
    for (const where of [`http://127.0.0.1:${secretPort}/internal`, `http://localhost:${relayPort}/hello`, 'http://169.254.169.254/latest/meta-data/']) {
      expect(await failure(get(`http://127.0.0.1:${relayPort}/to?where=${encodeURIComponent(where)}`, relayOnly)), where).toBe('refused');
    }
    // A redirect to a path of the same allowed host is followed.
    expect((await get(`http://127.0.0.1:${relayPort}/to?where=${encodeURIComponent('/hello')}`, relayOnly)).body.toString()).toBe('ok');
    expect(secretHits).toEqual([]);
    // The allowance is for that port only.
    expect(await failure(get(`http://127.0.0.1:${secretPort}/internal`, relayOnly))).toBe('refused');
    expect(secretHits).toEqual([]);
  });

  it('stops reading past its byte cap and its time, and refuses what is not http', async () => {
    const relayOnly: OutboundPolicy = { allowed: allowedHosts([`127.0.0.1:${relayPort}`]) };
    expect(await failure(get(`http://127.0.0.1:${relayPort}/big`, relayOnly, { maxBytes: 1024 * 1024 }))).toBe('too-large');
    expect(await failure(get(`http://127.0.0.1:${relayPort}/slow`, relayOnly, { timeoutMs: 300 }))).toBe('timeout');
    expect(await failure(get('file:///etc/passwd'))).toBe('refused');
    expect(await failure(get('http://user:pw@example.org/'))).toBe('refused');
  });

  it('tells public addresses from the rest', () => {
    expect(['8.8.8.8', '151.101.1.69', '2606:4700::6810:84e5'].map(isPublicAddress)).toEqual([true, true, true]);
    expect(['127.0.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '198.18.0.1', '::', '::ffff:10.0.0.1', 'not-an-ip'].map(isPublicAddress)).toEqual(Array(8).fill(false));
  });
});

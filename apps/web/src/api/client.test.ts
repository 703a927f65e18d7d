import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, CHECK_INTERNET_CONNECTION, setUnauthorizedHandler } from './client';
import { readToken, storeToken } from '../lib/session';
import { downloadExport } from './drafting';
import { streamPost } from './stream';

/** The transport error normalisation of spec §8, against a stubbed fetch. */
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest error normalisation', () => {
  it('flags 400, 403 and 404 with the server data', async () => {
    for (const status of [400, 403, 404]) {
      answer(status, { code: 'X_CODE', message: 'Said the server', details: [{ field: 'body.title', message: 'bad' }] });
      const error = await apiRequest<never>('/thing').catch((e: ApiError) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'request', status, code: 'X_CODE', message: 'Said the server' });
      expect(error.details).toEqual([{ field: 'body.title', message: 'bad' }]);
    }
  });

  it('turns other statuses into the server-error flag', async () => {
    answer(502, { nothing: true });
    const error = await apiRequest('/thing').catch((e) => e);
    expect(error).toMatchObject({ kind: 'server', status: 502, isServerError: true });
  });

  it('gives CHECK_INTERNET_CONNECTION when the network is unreachable', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const error = await apiRequest('/thing').catch((e) => e);
    expect(error).toMatchObject({ kind: 'offline', code: CHECK_INTERNET_CONNECTION });
  });

  it('gives CHECK_INTERNET_CONNECTION for a stream or a download too, which fetch outside apiRequest', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    for (const call of [() => streamPost('/chat/legal', { message: 'hi' }, { onEvent: () => undefined }), () => downloadExport('d1', 'docx', 'Draft')]) {
      expect(await call().catch((e) => e)).toMatchObject({ kind: 'offline', code: CHECK_INTERNET_CONNECTION });
    }
  });

  it('clears the session and goes to sign-in on a 401', async () => {
    storeToken('a.b.c');
    const signedOut = vi.fn();
    const restore = setUnauthorizedHandler(signedOut);
    answer(401, { code: 'AUTH_INVALID_TOKEN', message: 'Sign in to continue' });
    const error = await apiRequest('/thing').catch((e) => e);
    restore();
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(readToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('sends the bearer token and JSON body', async () => {
    storeToken('tok.en.value');
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok.en.value');
    expect(init.body).toBe('{"a":1}');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadApiFile, filenameFromContentDisposition } from './download';

afterEach(() => vi.unstubAllGlobals());

describe('filenameFromContentDisposition', () => {
  it('reads a quoted or a bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="Notice (redacted).pdf"')).toBe('Notice (redacted).pdf');
    expect(filenameFromContentDisposition('attachment; filename=notice.pdf')).toBe('notice.pdf');
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
  });

  it('prefers the RFC 5987 form, which carries non-ASCII names', () => {
    expect(filenameFromContentDisposition(`attachment; filename="Resolucion.pdf"; filename*=UTF-8''Resoluci%C3%B3n%20n%C2%BA%201.pdf`)).toBe('Resolución nº 1.pdf');
  });

  it('falls back to the plain name when the encoded one is broken', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.pdf"`)).toBe('plain.pdf');
  });

  it('gives null without a header or a name, and never a path', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
  });
});

describe('downloadApiFile', () => {
  it('sends the bearer header, not a token in the URL, and saves under the server\'s name', async () => {
    localStorage.setItem('access_token', 'tok.en.value');
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="x (redacted).pdf"' } }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await expect(downloadApiFile('/compliance/compliance-report/download-redacted-pdf/r1', 'fallback.pdf')).resolves.toBe('x (redacted).pdf');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/compliance/compliance-report/download-redacted-pdf/r1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok.en.value');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('throws the server\'s error for a failed answer (409 while the check runs)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'CONFLICT', message: 'The check has not completed yet' }), { status: 409 })));
    await expect(downloadApiFile('/x', 'x.pdf')).rejects.toMatchObject({ status: 409, code: 'CONFLICT', message: 'The check has not completed yet' });
  });
});

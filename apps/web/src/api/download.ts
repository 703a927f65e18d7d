import { authHeaders, fetchApi, throwFor } from './client';

/**
 * The file name a server gives in Content-Disposition: the RFC 5987 `filename*=UTF-8''...` form
 * first (it carries non-ASCII names), then the plain `filename="..."`; null when it gives none.
 * Path separators are dropped: the name is only ever a name.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2].trim()) : null;
  }
  const cleaned = name?.replace(/[/\\]/g, '_').trim();
  return cleaned ? cleaned : null;
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads an API file with the bearer header (a token never goes in a URL) and saves it under the
 * name the server gives, or `fallbackName`. Returns the name used.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<string> {
  const response = await fetchApi(path, { headers: authHeaders('*/*') });
  if (!response.ok) await throwFor(response);
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}

import { z } from 'zod';

/** A web page found for a question: only its search snippet is used as a source, and quoted. */
export interface WebResult {
  title: string;
  url: string;
  site: string;
  content: string;
}

const searxResponse = z.object({
  results: z.array(z.object({ title: z.string().default(''), url: z.string().url(), content: z.string().default('') })).default([]),
});

/**
 * A SearxNG instance's JSON API (WEB_SEARCH_URL). Off unless configured (decisions.md: third-party
 * services are opt-in); results without a snippet are skipped since nothing could be quoted.
 */
export async function searchWeb(baseUrl: string, question: string, limit = 5): Promise<WebResult[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('q', question);
  url.searchParams.set('format', 'json');
  const response = await fetch(url, { signal: AbortSignal.timeout(8_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`the search service answered ${response.status}`);
  const { results } = searxResponse.parse(await response.json());
  return results
    .filter((r) => r.content.trim().length > 20)
    .slice(0, limit)
    .map((r) => ({ title: r.title || r.url, url: r.url, site: new URL(r.url).hostname, content: r.content.trim() }));
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GenerateResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';

/** Web search through a local server that answers like SearxNG's JSON API. */
let t: TestApp;
let searx: Server;
const queries: string[] = [];
const CLERK = 'clerk@example.test';

beforeAll(async () => {
  searx = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    queries.push(`${url.pathname}?${url.searchParams.get('format')}:${url.searchParams.get('q')}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        results: [
          { title: 'Snow rules explained', url: 'https://news.example.org/snow', content: 'Residents must shovel sidewalks within eight daylight hours after a storm ends, the city said.' },
          { title: 'Empty result', url: 'https://empty.example.org/', content: '' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => searx.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ WEB_SEARCH_URL: `http://127.0.0.1:${(searx.address() as AddressInfo).port}/` });
  const ex = await seedExampleCity(t.db);
  await createUser(t.db, { email: CLERK, role: 'CLERK', ...ex });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => searx.close(resolve));
});

describe('web search', () => {
  it('is offered by the settings when configured', async () => {
    const settings = (await t.app.inject({ url: '/api/municipal_code/settings', headers: await t.auth(CLERK) })).json();
    expect(settings).toMatchObject({ web_search_available: true, web_search_unavailable_reason: null, municipal_code_available: true, location: { code: 'EX' } });
  });

  it('adds web pages as sources and quotes them only when asked', async () => {
    const off: GenerateResponse = (
      await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(CLERK), payload: { main_user_question: 'How soon must sidewalks be shoveled after snow?' } })
    ).json();
    expect(off.metadata.web_search).toBe('off');
    expect(queries).toEqual([]);

    const on: GenerateResponse = (
      await t.app.inject({
        method: 'POST',
        url: '/api/municipal_code/generate',
        headers: await t.auth(CLERK),
        payload: { main_user_question: 'How soon must sidewalks be shoveled after snow?', enable_web_search: 'true', enable_municipal_code_search: 'false' },
      })
    ).json();
    expect(queries).toEqual(['/search?json:How soon must sidewalks be shoveled after snow?']);
    expect(on.metadata.web_search).toBe('used');
    expect(on.documents).toEqual([expect.objectContaining({ kind: 'web', name: 'Snow rules explained', url: 'https://news.example.org/snow' })]);
    expect(on.analysis.citations[0]).toMatchObject({ kind: 'web', status: 'web', number: 'news.example.org', source_url: 'https://news.example.org/snow', verified: true });
  });
});

import type { OrdinanceAnswer, SearchResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiProtocolServer, settingsFor, sourcesInPrompt, startOpenAiProtocolServer } from '../../test/openai-protocol-server';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/** Ordinance summary and follow-up through an OpenAI-compatible model (a local server speaking the protocol). */
let t: SearchTestApp;
let model: OpenAiProtocolServer;
let snowId: string;
beforeAll(async () => {
  model = await startOpenAiProtocolServer(() => '{}');
  t = await createSearchTestApp(['CLERK'], settingsFor(model));
  snowId = ((await t.get('/api/ordinance/search/?query=B3-201')).json() as SearchResponse).hits[0].id;
});
afterAll(async () => {
  await t.close();
  await model.close();
});

describe('ordinance answers with a model', () => {
  it('answers through the model, keeps only quotes found in the ordinance, and names the engine', async () => {
    model.respondWith((r) => {
      const source = Number(Object.keys(sourcesInPrompt(r))[0]);
      return JSON.stringify({
        answer: 'It raises the sidewalk-clearing fine from $100 to $150.',
        citations: [
          { source, quote: 'is amended by striking "$100" and inserting "$150"' },
          { source, quote: 'The fine is doubled for repeat offenders every winter.' },
        ],
      });
    });
    const res = await t.app.inject({ method: 'POST', url: `/api/ordinance/${snowId}/followup`, headers: await t.auth(t.emails.CLERK!), payload: { question: 'What changes?' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrdinanceAnswer;
    expect(answer).toMatchObject({ engine: 'openai-compatible', model: 'civic-test-model', answer: 'It raises the sidewalk-clearing fine from $100 to $150.' });
    expect(answer.citations.map((c) => c.quote)).toEqual(['is amended by striking "$100" and inserting "$150"']);
    expect(answer.citations[0].start).toBeGreaterThan(0);
    expect(model.requests.at(-1)!.messages.at(-1)!.content).toContain('What changes?');
  });

  it('summarizes with the offline engine, and says so, when the model fails', async () => {
    model.respondWith(() => ({ status: 500, body: '{"error":{"message":"down"}}' }));
    const res = await t.get(`/api/ordinance/${snowId}/summary`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json() as OrdinanceAnswer;
    expect(summary.engine).toBe('offline');
    expect(summary.citations.length).toBeGreaterThan(0);
  });
});

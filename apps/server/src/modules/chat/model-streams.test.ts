import type { DraftResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { startAppWithModel } from '../../test/model-app';
import { eventsOf, tokensOf } from '../../test/sse';
import { type ChatRequest, isPlanning, numberOf, type OpenAiProtocolServer } from '../../test/openai-protocol-server';

/**
 * Drafting, the Legal Chatbot and AI edits with an OpenAI-compatible model: the official client
 * against a local server that speaks the protocol (plain and streaming), scripted per test, so the
 * tests see what the server does with a model's paragraphs, citations, streams and failures.
 */
let t: TestApp;
let model: OpenAiProtocolServer;
const CLERK = 'clerk@example.test';

const isDrafting = (r: ChatRequest) => r.messages[0].content.includes('You draft');

let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, model, close } = await startAppWithModel(CLERK));
});
afterAll(() => close());

const tokens = tokensOf;
const plan = JSON.stringify({ queries: ['public records response time'], intent: 'question' });

describe('drafting with a model', () => {
  it('keeps the model paragraphs whose quotes check out, drops the others, and turns an invented amount into a placeholder', async () => {
    model.respondWith((r) => {
      if (isPlanning(r)) return plan;
      if (!isDrafting(r)) return '{}';
      const n = numberOf(r, '§ 1-101');
      return JSON.stringify({
        parts: {
          recitals: [
            { text: 'WHEREAS, the code gives the records officer 15 working days to respond;', source: n, quote: 'The records officer shall respond to a request within 15 working days after receiving it.' },
            { text: 'WHEREAS, the city has 400 open requests;', source: n, quote: 'There are 400 open requests.' },
            { text: 'WHEREAS, residents deserve faster answers;', source: null, quote: null },
          ],
          long_title: [{ text: 'AN ORDINANCE that also sets a $90 filing fee', source: null, quote: null }],
        },
      });
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/ordinance/draft', headers: await t.auth(CLERK), payload: { query: 'An ordinance shortening the records request deadline from 15 to 10 working days' } });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json() as DraftResponse;
    expect(draft.engine_label).toBe('OpenAI-compatible model civic-test-model');
    const text = draft.document!.text;
    expect(text).toContain('WHEREAS, the code gives the records officer 15 working days to respond;');
    expect(text).not.toContain('400 open requests');
    expect(text).not.toContain('residents deserve faster answers');
    expect(draft.dropped_citations).toBe(2);
    expect(text).not.toContain('$90');
    // The amendment and the form's fixed clauses stay the built-in drafter's, checked against the section.
    expect(text).toContain('Section 1-101(b) of the City of Example Municipal Code is amended by striking the phrase "15 working days" and inserting the phrase "10 working days" in its place.');
  });

  it('falls back to the built-in drafter, and says why, when the model fails', async () => {
    model.respondWith((r) => (isPlanning(r) ? plan : { status: 500, body: JSON.stringify({ error: { message: 'model overloaded' } }) }));
    const res = await t.app.inject({ method: 'POST', url: '/api/resolution/draft', headers: await t.auth(CLERK), payload: { query: 'A resolution honoring the city librarians for their service' } });
    const draft = res.json() as DraftResponse;
    expect(draft.engine).toBe('offline');
    expect(draft.document!.text).toMatch(/WHEREAS/);
  });
});

describe('the Legal Chatbot with a model', () => {
  it('streams the model answer token by token, with the verified citations after it', async () => {
    model.respondWith((r) => (isPlanning(r) ? plan : r.stream ? 'The records officer has 15 working days to respond to a request, and may extend that once.' : '{}'));
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/legal', headers: await t.auth(CLERK), payload: { message: 'How long does the records officer have to respond?' } });
    const events = eventsOf(res.body);
    expect(events[0].data.engine).toBe('openai-compatible');
    expect(tokens(events)).toBe('The records officer has 15 working days to respond to a request, and may extend that once.');
    expect((events.find((e) => e.event === 'citations')!.data.citations as unknown[]).length).toBeGreaterThan(0);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('a model stream dropped halfway: the user is told and gets the grounded answer; the stream still ends cleanly', async () => {
    model.respondWith((r) => (isPlanning(r) ? plan : r.stream ? { text: 'The records officer has fifteen working days to respond to every request made.', dropAfter: 4 } : '{}'));
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/legal', headers: await t.auth(CLERK), payload: { message: 'How long does the records officer have to respond?' } });
    const events = eventsOf(res.body);
    const text = tokens(events);
    expect(text, text).toMatch(/^The records officer has /);
    expect(text).toContain("The built-in engine's answer follows.");
    expect(text).toContain('within 15 working days');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { found: true } });
  });

  it('a prompt-injection line inside a source is data: the model is told the sources are data, and no answer quotes it', async () => {
    model.respondWith((r) => (isPlanning(r) ? JSON.stringify({ queries: ['construction noise quiet hours'], intent: 'question' }) : r.stream ? 'Construction is not allowed at night in residential zones.' : '{}'));
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/legal', headers: await t.auth(CLERK), payload: { message: 'What are the quiet hours for construction?' } });
    const events = eventsOf(res.body);
    const streamed = model.requests.filter((r) => r.stream).at(-1)!;
    expect(streamed.messages[0].content).toMatch(/data/i);
    const citations = events.find((e) => e.event === 'citations')!.data.citations as { quote: string }[];
    for (const c of citations) expect(c.quote).not.toMatch(/ignore (all )?previous instructions/i);
  });
});

describe('AI edits with a model', () => {
  it('streams the model edit; when the model is unreachable the built-in rules answer and say why', async () => {
    model.respondWith((r) => (r.stream ? 'Sec. 2. The officer shall respond within 10 working days.' : '{}'));
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/edit', headers: await t.auth(CLERK), payload: { original_text: 'Sec. 2. The officer shall respond within 15 working days.', edit_request: 'make the deadline 10 working days' } });
    const events = eventsOf(res.body);
    expect(tokens(events)).toBe('Sec. 2. The officer shall respond within 10 working days.');
    expect(events.at(-1)!.data).toMatchObject({ applied: true, engine: 'openai-compatible' });
    model.respondWith(() => ({ status: 503, body: JSON.stringify({ error: { message: 'down' } }) }));
    const fallback = eventsOf((await t.app.inject({ method: 'POST', url: '/api/chat/edit', headers: await t.auth(CLERK), payload: { original_text: 'within 15 working days', edit_request: 'change 15 working days to 10 working days' } })).body);
    expect(tokens(fallback)).toBe('within 10 working days');
    expect(fallback.at(-1)!.data).toMatchObject({ applied: true, engine: 'offline', summary: expect.stringContaining('The model could not edit') });
  });
});

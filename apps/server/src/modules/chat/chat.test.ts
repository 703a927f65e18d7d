import type { AddressInfo } from 'node:net';
import type { Citation } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/example-city';
import { eventsOf, tokensOf } from '../../test/sse';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/** The Legal Chatbot and AI edits as Server-Sent Events, on the City of Example. */
let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'STAFF', 'MAYOR']);
  await createUser(t.db, { email: 'no-chat@example.test', role: 'STAFF', permissions: ['AGENDA_SEARCH'], ...t.ex });
});
afterAll(() => t.close());

const textOf = tokensOf;

const ask = async (payload: object, email = t.emails.CLERK!) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/legal', headers: await t.auth(email), payload });
  return { res, events: eventsOf(res.body) };
};

describe('POST /api/chat/legal', () => {
  it('streams an answer grounded in the code: meta, tokens, verified citations, done', async () => {
    const { res, events } = await ask({ message: 'How many working days does the records officer have to respond to a request?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(events[0]).toMatchObject({ event: 'meta', data: { engine: 'offline', engine_label: 'Built-in offline engine' } });
    expect(events.filter((e) => e.event === 'token').length).toBeGreaterThan(5);
    expect(textOf(events)).toContain('15 working days');
    const citations = events.find((e) => e.event === 'citations')!.data.citations as Citation[];
    expect(citations[0]).toMatchObject({ number: '§ 1-101', verified: true, quote: expect.stringContaining('within 15 working days') });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { found: true, corrected_premise: false } });
  });

  it('corrects a false premise from the code instead of accepting it', async () => {
    const { events } = await ask({ message: 'Since the records officer has 30 days to answer a request, can they wait a month?' });
    const text = textOf(events);
    expect(text).toMatch(/^The question assumes the records officer has 30 days to answer a request, but the code says otherwise: § 1-101/);
    expect(text).toContain('15 working days');
    expect(events.at(-1)!.data).toMatchObject({ found: true, corrected_premise: true });
  });

  it('corrects a premise said as a question ("is it true that …") with the sentence that settles it: the whole answer', async () => {
    const { events } = await ask({ message: 'Is it true that block parties can go until midnight?' });
    // Nothing after it says the code does not answer: the correction answers what was asked.
    expect(textOf(events)).toBe('No. The question assumes block parties can go until midnight, but the code says otherwise: § 5-201(c): “All activity for a block party shall conclude by 10 p.m.”');
    const citations = events.find((e) => e.event === 'citations')!.data.citations as Citation[];
    expect(citations[0]).toMatchObject({ number: '§ 5-201', pinpoint: '(c)', quote: 'All activity for a block party shall conclude by 10 p.m.' });
    expect(events.at(-1)!.data).toMatchObject({ found: true, corrected_premise: true, answer: expect.stringMatching(/^No\. The question assumes/) });
  });

  it('answers a follow-up in its conversation on the conversation\'s subject, the answer sentence apart', async () => {
    const first = await ask({ message: 'How many working days does the records officer have to respond to a request?' });
    const id = first.events[0].data.conversation_id as string;
    expect(first.events.at(-1)!.data.answer).toMatch(/^Within 15 working days — § 1-101\(b\)/);
    const next = await ask({ message: 'Can that be extended?', conversation_id: id });
    expect(textOf(next.events)).toMatch(/^Yes — § 1-101\(c\): “In unusual circumstances the records officer may extend the time/);
    expect(next.events.at(-1)!.data.answer).toBe('Yes — § 1-101(c): “In unusual circumstances the records officer may extend the time by no more than 10 additional working days, by written notice to the requester.”');
    // Read back, the answer keeps its sentence apart.
    const conversation = (await t.app.inject({ url: `/api/chat/conversations/${id}`, headers: await t.auth(t.emails.CLERK!) })).json();
    expect(conversation.messages[3].answer).toBe(next.events.at(-1)!.data.answer);
  });

  it('refuses an off-topic question plainly, with no citations', async () => {
    const { events } = await ask({ message: 'Who won the World Cup in 2018?' });
    expect(textOf(events)).toMatch(/^I can only answer questions about the law of City of Example/);
    expect(events.find((e) => e.event === 'citations')!.data.citations).toEqual([]);
    expect(events.at(-1)!.data).toMatchObject({ found: false });
  });

  it('never quotes a line of a source that addresses an AI', async () => {
    const { events } = await ask({ message: 'What are the quiet hours for construction noise?' });
    expect(textOf(events)).not.toMatch(/ignore (all )?previous instructions/i);
  });

  it('keeps the conversation: listed, read back, continued, deleted; another user gets 404', async () => {
    const first = await ask({ message: 'How many working days does the records officer have to respond?' });
    const id = first.events[0].data.conversation_id as string;
    const next = await ask({ message: 'And can that time be extended?', conversation_id: id });
    expect(next.events[0].data.conversation_id).toBe(id);
    const list = (await t.app.inject({ url: '/api/chat/conversations', headers: await t.auth(t.emails.CLERK!) })).json();
    expect(list[0]).toMatchObject({ id, title: 'How many working days does the records officer have to respond?' });
    const conversation = (await t.app.inject({ url: `/api/chat/conversations/${id}`, headers: await t.auth(t.emails.CLERK!) })).json();
    expect(conversation.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversation.messages[1]).toMatchObject({ stopped: false, citations: expect.arrayContaining([expect.objectContaining({ number: '§ 1-101' })]) });
    const stranger = await t.auth(t.emails.STAFF!);
    expect((await t.app.inject({ url: `/api/chat/conversations/${id}`, headers: stranger })).statusCode).toBe(404);
    expect((await ask({ message: 'hijack', conversation_id: id }, t.emails.STAFF!)).res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/conversations/${id}`, headers: stranger })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/conversations/${id}`, headers: await t.auth(t.emails.CLERK!) })).json()).toEqual({ success: true, id });
  });

  it('answers a bad request in the one error shape before streaming, and a user without the chatbot 403', async () => {
    const empty = await ask({ message: '   ' });
    expect(empty.res.statusCode).toBe(400);
    expect(empty.res.json().details[0].field).toBe('body.message');
    expect((await ask({ message: 'hello' }, 'no-chat@example.test')).res.statusCode).toBe(403);
    expect((await ask({ message: 'Quiet hours?' }, t.emails.MAYOR!)).res.statusCode).toBe(200);
  });
});

describe('POST /api/chat/edit', () => {
  const edit = async (payload: object, email = t.emails.CLERK!) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/edit', headers: await t.auth(email), payload });
    return { res, events: eventsOf(res.body) };
  };

  it('streams the edited text and says what changed', async () => {
    const { events } = await edit({ original_text: 'Sec. 2. The officer shall respond within 15 working days.\nSec. 3. Effective date.', edit_request: 'change 15 working days to 10 working days' });
    expect(textOf(events)).toBe('Sec. 2. The officer shall respond within 10 working days.\nSec. 3. Effective date.');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { applied: true, engine: 'offline', summary: 'Replaced "15 working days" with "10 working days" (1 place).' } });
  });

  it('refuses an edit the built-in engine cannot make, with what it can do; officials without drafting get 403', async () => {
    const { events } = await edit({ original_text: 'WHEREAS, the city values its parks;', edit_request: 'make it sound warmer' });
    expect(textOf(events)).toBe('');
    expect(events.at(-1)!.data).toMatchObject({ applied: false, summary: expect.stringContaining('cannot do this edit'), supported: expect.arrayContaining([expect.stringMatching(/^Replace words/)]) });
    expect((await edit({ original_text: 'x', edit_request: 'renumber' }, t.emails.MAYOR!)).res.statusCode).toBe(403);
  });
});

describe('streams over a real connection', () => {
  it('a client that stops midway ends the server\'s work: what was streamed is kept, marked stopped', async () => {
    const slow = await createSearchTestApp(['CLERK'], { CHAT_STREAM_PACE_MS: '40' });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as AddressInfo;
      const headers = { ...(await slow.auth(slow.emails.CLERK!)), 'content-type': 'application/json' };
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/chat/legal`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message: 'How many working days does the records officer have to respond to a request?' }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      let received = '';
      while (!received.includes('event: token') || received.split('event: token').length < 4) received += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const list = (await slow.app.inject({ url: '/api/chat/conversations', headers })).json();
      const conversation = (await slow.app.inject({ url: `/api/chat/conversations/${list[0].id}`, headers })).json();
      const answer = conversation.messages[1];
      expect(answer.stopped).toBe(true);
      expect(answer.content.length).toBeGreaterThan(0);
      // The whole answer is far longer than what was streamed before the stop.
      const full = eventsOf((await slow.app.inject({ method: 'POST', url: '/api/chat/legal', headers, payload: { message: 'How many working days does the records officer have to respond to a request?' } })).body);
      expect(answer.content.length).toBeLessThan(textOf(full).length);
    } finally {
      await slow.close();
    }
  }, 30_000);
});

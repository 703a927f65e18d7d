import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLegalChatEvent, streamLegalChat, type LegalChatEvent } from './chat';
import { RECORDS_CITATION, sseText } from '../features/chat/chat.fixture';

afterEach(() => vi.unstubAllGlobals());

describe('the Legal Chatbot stream', () => {
  it('passes on the contract’s events and ignores unknown or malformed ones', () => {
    expect(parseLegalChatEvent({ event: 'token', data: { text: 'Hi' } })).toEqual({ type: 'token', data: { text: 'Hi' } });
    expect(parseLegalChatEvent({ event: 'token', data: { words: 'Hi' } })).toBeNull();
    expect(parseLegalChatEvent({ event: 'toString', data: {} })).toBeNull();
    expect(parseLegalChatEvent({ event: 'heartbeat', data: {} })).toBeNull();
  });

  it('posts the question (and the conversation it continues) and hands each event over in order', async () => {
    const body = sseText([
      { event: 'meta', data: { conversation_id: 'c-1', engine: 'offline', engine_label: 'Built-in offline engine' } },
      { event: 'token', data: { text: 'Fifteen ' } },
      { event: 'token', data: { text: 'days.' } },
      { event: 'citations', data: { citations: [RECORDS_CITATION], dropped_citations: 1 } },
      { event: 'done', data: { conversation_id: 'c-1', found: true, corrected_premise: false } },
    ]);
    const fetchMock = vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    vi.stubGlobal('fetch', fetchMock);
    const events: LegalChatEvent['type'][] = [];
    await streamLegalChat({ message: 'How long?', conversationId: 'c-1' }, { signal: new AbortController().signal, onEvent: (e) => events.push(e.type) });
    expect(events).toEqual(['meta', 'token', 'token', 'citations', 'done']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/legal');
    expect(JSON.parse(init.body as string)).toEqual({ message: 'How long?', conversation_id: 'c-1' });
  });

  it('throws the server’s error event as an ApiError with its message', async () => {
    const body = sseText([{ event: 'error', data: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side (request r-1)' } }]);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 200 })));
    const error = await streamLegalChat({ message: 'Q' }, { signal: new AbortController().signal, onEvent: () => {} }).catch((e) => e);
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side (request r-1)' });
  });
});

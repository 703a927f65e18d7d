import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatConversationDetail } from '@civicdesk/contract';
import { I18nProvider } from '../../lib/i18n';
import { RECORDS_CITATION, sseText } from './chat.fixture';
import { LegalChatPage } from './LegalChatPage';

/**
 * The page against a stubbed fetch that plays the server: the conversation routes answer JSON,
 * POST /chat/legal answers a stream the test writes event by event.
 */
const QUESTION = 'How many working days does an agency have to answer a records request?';
const META = { conversation_id: 'c-1', engine: 'offline', engine_label: 'Built-in offline engine' };

function fakeServer() {
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  const state = {
    conversations: [] as { id: string; title: string; updatedAt: string }[],
    detail: null as ChatConversationDetail | null,
    failure: null as { status: number; body: object } | null,
    chatSignal: null as AbortSignal | null,
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/chat/legal') {
      if (state.failure) return json(state.failure.body, state.failure.status);
      state.chatSignal = init.signal ?? null;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      init.signal?.addEventListener('abort', () => stream?.error(new DOMException('The user aborted a request.', 'AbortError')));
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (url === '/api/chat/conversations') return json(state.conversations);
    const id = decodeURIComponent(url.replace('/api/chat/conversations/', ''));
    if (method === 'DELETE') {
      state.conversations = state.conversations.filter((c) => c.id !== id);
      return json({ success: true, id });
    }
    return state.detail?.id === id ? json(state.detail) : json({ code: 'NOT_FOUND', message: 'Conversation not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    fetchMock,
    send: async (event: string, data: unknown) => {
      await act(async () => {
        stream!.enqueue(encoder.encode(sseText([{ event, data }])));
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    },
    end: async () => {
      await act(async () => {
        stream!.close();
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    },
  };
}

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

function renderPage(entry = '/chat') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider initialLanguage="en">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route
              path="/chat"
              element={
                <>
                  <LegalChatPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const box = () => screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
const announcer = () => screen.getByTestId('chat-announcer');

async function ask(question: string) {
  fireEvent.change(box(), { target: { value: question } });
  await act(async () => {
    fireEvent.keyDown(box(), { key: 'Enter' });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('<LegalChatPage>', () => {
  it('sends on Enter (not Shift+Enter), and Send is disabled while the box is empty', async () => {
    fakeServer();
    renderPage();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.change(box(), { target: { value: 'Quiet hours?' } });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(box().value).toBe('Quiet hours?');
    await act(async () => {
      fireEvent.keyDown(box(), { key: 'Enter' });
    });
    expect(box().value).toBe('');
    expect(screen.getByTestId('chat-question').textContent).toContain('Quiet hours?');
  });

  it('streams the answer in, announces only its start and end, then shows the verified citations and opens the chat', async () => {
    const server = fakeServer();
    renderPage();
    await ask(QUESTION);
    expect(announcer().textContent).toBe('Answering your question…');
    expect(screen.getByRole('button', { name: 'Stop the answer' })).toBeTruthy();

    await server.send('meta', META);
    await server.send('token', { text: 'An agency has ' });
    const text = () => screen.getByTestId('chat-answer-text').textContent;
    expect(text()).toBe('An agency has ');
    await server.send('token', { text: '15 working days.' });
    expect(text()).toBe('An agency has 15 working days.');
    // Words are not announced: the live region still holds the start.
    expect(announcer().textContent).toBe('Answering your question…');
    expect(screen.getByTestId('chat-answer').getAttribute('aria-live')).toBeNull();

    // What the server holds once the answer is stored, read back after it ends.
    const at = new Date().toISOString();
    server.state.conversations = [{ id: 'c-1', title: QUESTION, updatedAt: at }];
    server.state.detail = {
      id: 'c-1',
      title: QUESTION,
      updatedAt: at,
      messages: [
        { id: 'm1', role: 'user', content: QUESTION, citations: [], stopped: false, engine_label: null, created_at: at },
        { id: 'm2', role: 'assistant', content: 'An agency has 15 working days.', citations: [RECORDS_CITATION], stopped: false, engine_label: 'Built-in offline engine', created_at: at },
      ],
    };
    await server.send('citations', { citations: [RECORDS_CITATION], dropped_citations: 0 });
    await server.send('done', { conversation_id: 'c-1', found: true, corrected_premise: false });
    await server.end();

    expect(announcer().textContent).toBe('The answer is ready, with 1 source quoted.');
    const card = screen.getByRole('article', { name: /§ 2-532 Right of access to public records\./ });
    expect(within(card).getByRole('img', { name: /^The quote appears word for word/ })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Open section § 2-532' })).toBeTruthy();
    expect(screen.getByText('Answered by: Built-in offline engine')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('?conversation=c-1');
    expect(await screen.findByRole('link', { name: new RegExp(QUESTION.slice(0, 30)) })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });

  it('stops the answer: the request is aborted, the partial answer stays, marked stopped', async () => {
    const server = fakeServer();
    renderPage();
    await ask(QUESTION);
    await server.send('meta', META);
    await server.send('token', { text: 'An agency ' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop the answer' }));
    });
    expect(server.state.chatSignal?.aborted).toBe(true);
    await waitFor(() => expect(screen.getByTestId('chat-stopped')).toBeTruthy());
    expect(screen.getByTestId('chat-answer-text').textContent).toBe('An agency ');
    expect(announcer().textContent).toBe('The answer was stopped.');
    expect(screen.queryByRole('button', { name: 'Stop the answer' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('?conversation=c-1');
  });

  it('opening another chat while a new one is answered stops it and stays on the chat opened', async () => {
    const server = fakeServer();
    const at = '2025-03-01T10:00:00.000Z';
    server.state.conversations = [{ id: 'c-7', title: 'Records deadline', updatedAt: at }];
    server.state.detail = { id: 'c-7', title: 'Records deadline', updatedAt: at, messages: [] };
    renderPage();
    await ask(QUESTION);
    await server.send('meta', META);
    await server.send('token', { text: 'An agency ' });
    await act(async () => {
      fireEvent.click(await screen.findByRole('link', { name: /Records deadline/ }));
    });
    expect(server.state.chatSignal?.aborted).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('?conversation=c-7');
    expect(await screen.findByRole('heading', { name: 'Records deadline', level: 2 })).toBeTruthy();
    expect(screen.queryByTestId('chat-answer')).toBeNull();
  });

  it('Esc in the box stops the answer too', async () => {
    const server = fakeServer();
    renderPage();
    await ask(QUESTION);
    await server.send('meta', META);
    await act(async () => {
      fireEvent.keyDown(box(), { key: 'Escape' });
    });
    expect(server.state.chatSignal?.aborted).toBe(true);
  });

  it('shows the server’s message when the question fails, and gives the question back', async () => {
    const server = fakeServer();
    server.state.failure = { status: 404, body: { code: 'NOT_FOUND', message: 'Conversation not found' } };
    renderPage();
    await ask(QUESTION);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Conversation not found');
    expect(box().value).toBe(QUESTION);
    expect(screen.queryByTestId('chat-question')).toBeNull();
  });

  it('opens a stored chat from the address, with its stopped answer marked, and deletes it after a confirmation', async () => {
    const server = fakeServer();
    const at = '2025-03-01T10:00:00.000Z';
    server.state.conversations = [{ id: 'c-7', title: 'Records deadline', updatedAt: at }];
    server.state.detail = {
      id: 'c-7',
      title: 'Records deadline',
      updatedAt: at,
      messages: [
        { id: 'm1', role: 'user', content: QUESTION, citations: [], stopped: false, engine_label: null, created_at: at },
        { id: 'm2', role: 'assistant', content: 'An agency', citations: [], stopped: true, engine_label: 'Built-in offline engine', created_at: at },
      ],
    };
    renderPage('/chat?conversation=c-7');
    expect(await screen.findByRole('heading', { name: 'Records deadline', level: 2 })).toBeTruthy();
    expect(screen.getByTestId('chat-stopped')).toBeTruthy();
    const row = screen.getByRole('link', { name: /Records deadline/ });
    expect(row.getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Delete chat “Records deadline”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this chat?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Records deadline/ })).toBeNull());
    expect(server.fetchMock).toHaveBeenCalledWith('/api/chat/conversations/c-7', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByTestId('where').textContent).toBe('');
    expect(screen.getByRole('heading', { name: 'New chat', level: 2 })).toBeTruthy();
  });
});

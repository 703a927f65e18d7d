import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol (plain and streaming), so
 * tests drive the official client, the prompts and the citation checks without any model. The
 * test decides each reply from the request; every request is kept for assertions.
 */
export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

/** A reply text, an HTTP error, or a streamed reply the server cuts off after `dropAfter` pieces. */
export type Responder = (request: ChatRequest) => string | { status: number; body: string } | { text: string; dropAfter: number };

export async function startOpenAiProtocolServer(respond: Responder) {
  const requests: ChatRequest[] = [];
  let responder = respond;
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatRequest;
    requests.push(body);
    const answer = responder(body);
    if (typeof answer !== 'string' && 'status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      return;
    }
    const reply = typeof answer === 'string' ? answer : answer.text;
    const dropAfter = typeof answer === 'string' ? Infinity : answer.dropAfter;
    const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [i, piece] of (reply.match(/\S+\s*/g) ?? []).entries()) {
      if (i >= dropAfter) {
        // Let the pieces written so far reach the client, then cut the connection mid-stream.
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
    }
    res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replaces how the server answers from now on. */
    respondWith(next: Responder) {
      responder = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OpenAiProtocolServer = Awaited<ReturnType<typeof startOpenAiProtocolServer>>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The numbered sources block the engine put in the last user message, as {number: label}. */
export function sourcesInPrompt(request: ChatRequest): Record<number, string> {
  const user = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return Object.fromEntries([...user.matchAll(/^\[(\d+)\] ([^\n]+)$/gm)].map((m) => [Number(m[1]), m[2]]));
}

/** True for the engine's first call of a question: the one that asks for search queries. */
export const isPlanning = (request: ChatRequest) => request.messages[0].content.includes('search queries');
/** The support check's question to the model: does this quote state this verdict? (AiEngine.judgeSupport) */
export const isJudging = (request: ChatRequest) => request.messages[0].content.startsWith('You check answers');

/** The number the prompt gave a section, e.g. 1 for "§ 1-101 — Public records; time to respond". */
export const numberOf = (request: ChatRequest, label: string) => Number(Object.entries(sourcesInPrompt(request)).find(([, l]) => l.startsWith(label))?.[0]);

/** The settings that point the server's AI engine at `model`. */
export const settingsFor = (model: OpenAiProtocolServer) => ({ LLM_BASE_URL: model.baseUrl, LLM_API_KEY: 'test-key', LLM_MODEL: 'civic-test-model' });
